#pragma once

#include "model/launch/launch_form.h"

#include <QWidget>

class QLineEdit;
class QTableWidget;

namespace views {

/// The launch form's compiler and symbol fields: nvcc's include folders, defines and flags for a .cu of a
/// source tree (remembered per module), and the module's __constant__/__device__ variables with the contents
/// to copy into them before the launch (memcpy_to_symbol). GUI thread only.
class CompilerSymbolsBox : public QWidget {
    Q_OBJECT
public:
    explicit CompilerSymbolsBox(QWidget* parent = nullptr);

    /// Shows `form`'s nvcc settings and symbols.
    void setForm(const model::LaunchForm& form);
    /// Writes the fields into `form`'s includeDirs, defines, nvccFlags and symbols.
    void apply(model::LaunchForm& form) const;
    QTableWidget* symbolsTable() const { return m_symbols; }

    /// The settings remembered for `modulePath` (QSettings), into `form`; false when none were.
    static bool restoreNvcc(const QString& modulePath, model::LaunchForm& form);
    /// Remembers `form`'s nvcc settings for its module.
    static void rememberNvcc(const model::LaunchForm& form);

Q_SIGNALS:
    void edited();
    /// The user asked for the module to be compiled again with the fields' settings.
    void recompileRequested();

private:
    QLineEdit* m_includes = nullptr;
    QLineEdit* m_defines = nullptr;
    QLineEdit* m_flags = nullptr;
    QTableWidget* m_symbols = nullptr;
    bool m_filling = false;
};

} // namespace views

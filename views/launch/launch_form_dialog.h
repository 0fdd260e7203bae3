#pragma once

#include "model/launch/form_field.h"
#include "model/launch/launch_form.h"

#include <QDialog>

class QAbstractItemModel;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace model {
class LaunchFormSession;
}

namespace views {

class CompilerSymbolsBox;

/// File ▸ New Launch…: a form for one kernel launch of a .cu or .ptx module — kernel, device, grid, block,
/// dynamic shared memory, parameters, device buffers (type, size, initial contents) and an argument per
/// kernel parameter — that writes a scenario file, so the launch can be repeated with warpscope-cli. The
/// scenario is previewed as it will be saved and checked with the engine's rules on every edit; Save and
/// Save & Run are enabled only when it would run. The module loads off the GUI thread (model::LaunchFormSession).
class LaunchFormDialog : public QDialog {
    Q_OBJECT
public:
    /// `devices` is a model::DeviceListModel (ids in its IdRole).
    LaunchFormDialog(model::LaunchFormSession* session, QAbstractItemModel* devices, const QString& deviceId,
        QWidget* parent = nullptr);

    /// Loads `modulePath` and offers its first kernel.
    void openModule(const QString& modulePath);
    const model::LaunchForm& form() const { return m_form; }
    /// Replaces the form (its kernel must be one of the loaded module's) and redraws every field.
    void setForm(const model::LaunchForm& form);
    QString scenarioPath() const;
    void setScenarioPath(const QString& path);
    /// Why the scenario would not run; empty when it would.
    QString problem() const { return m_problem; }
    QString previewText() const;
    QTableWidget* buffersTable() const { return m_buffers; }
    QTableWidget* argumentsTable() const { return m_args; }
    CompilerSymbolsBox* compilerSymbolsBox() const { return m_compiler; }
    QPushButton* saveButton() const { return m_save; }
    QPushButton* saveAndRunButton() const { return m_saveAndRun; }

Q_SIGNALS:
    /// The scenario was written to `path`; `run` when the user asked to run it too.
    void scenarioSaved(const QString& path, bool run);

private:
    QWidget* makeModuleRow();
    QWidget* makeLaunchBox();
    QWidget* makeTables();
    void browseModule();
    void browseScenario();
    void showKernels();
    void kernelChosen();
    void fillFields();
    void readFields();
    void refresh();
    /// Marks the widget or cell of the field the problem concerns, clearing earlier marks.
    void markField(const model::FormField& field);
    void addBuffer();
    void removeBuffer();
    void addParam();
    void removeParam();
    void save(bool run);

    model::LaunchFormSession* m_session = nullptr;
    QAbstractItemModel* m_devicesModel = nullptr;
    model::LaunchForm m_form;
    QString m_problem;
    QString m_loadError; ///< why the module did not load; cleared by the next openModule
    bool m_filling = false; ///< true while fillFields() writes the widgets, so their signals change nothing
    bool m_pathEdited = false; ///< the user chose the scenario path; kernel changes keep it
    QLineEdit* m_module = nullptr;
    QProgressBar* m_loading = nullptr;
    QComboBox* m_kernel = nullptr;
    QLabel* m_signature = nullptr;
    QComboBox* m_device = nullptr;
    QLineEdit* m_name = nullptr;
    std::array<QLineEdit*, 3> m_grid {};
    std::array<QLineEdit*, 3> m_block {};
    std::array<QLineEdit*, 3> m_cluster {};
    QLineEdit* m_shared = nullptr;
    QTableWidget* m_params = nullptr;
    QTableWidget* m_buffers = nullptr;
    QTableWidget* m_args = nullptr;
    CompilerSymbolsBox* m_compiler = nullptr;
    QPlainTextEdit* m_preview = nullptr;
    QLabel* m_status = nullptr;
    QLineEdit* m_path = nullptr;
    QPushButton* m_save = nullptr;
    QPushButton* m_saveAndRun = nullptr;
};

} // namespace views

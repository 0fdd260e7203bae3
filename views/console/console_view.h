#pragma once

#include "model/run/run_snapshot.h"

#include <QWidget>
#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace views {

/// The Console: what the run's kernels printed with device printf, each line with its launch, block and
/// thread, as a terminal would show the program's output. A launch can be chosen (or all of them) and the
/// lines filtered by text; lines the full printf buffer overwrote are counted. Double-clicking a line chooses
/// the warp that printed it (the window opens it in the Warp Stepper). GUI thread only.
class ConsoleView : public QWidget {
    Q_OBJECT
public:
    explicit ConsoleView(QWidget* parent = nullptr);

    void setSnapshot(std::shared_ptr<const model::RunSnapshot> snapshot);
    /// Shows launch `index` of the run alone; -1 shows every launch.
    void selectLaunch(int index);

    QString text() const;
    /// Chooses the thread that printed shown line `line` (0-based), as a double click on it does.
    void activateLine(int line);
    QString statusText() const;
    QLineEdit* filter() const { return m_filter; }
    QComboBox* launchChoice() const { return m_launch; }

Q_SIGNALS:
    /// The user double-clicked a line: the warp of the thread that printed it, in launch `launch`.
    void warpChosen(int launch, quint32 blockLinear, quint32 warp);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void rebuild();

    struct ShownLine {
        int launch = 0;
        qsizetype entry = 0;
    };

    std::shared_ptr<const model::RunSnapshot> m_snapshot;
    QVector<ShownLine> m_shown; ///< per line of the text, where it came from
    QComboBox* m_launch = nullptr;
    QLineEdit* m_filter = nullptr;
    QLabel* m_status = nullptr;
    QPlainTextEdit* m_text = nullptr;
};

} // namespace views

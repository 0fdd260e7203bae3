#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

namespace app {

/// The status bar's progress for a run or sweep: what runs, a progress bar and a cancel button. Hidden
/// while nothing runs. GUI thread only.
class RunStatusWidget : public QWidget {
    Q_OBJECT
public:
    explicit RunStatusWidget(QWidget* parent = nullptr);

    void showStarted(const QString& what);
    void showProgress(int done, int total, const QString& current);
    void showIdle();
    QProgressBar* progressBar() const { return m_bar; }

Q_SIGNALS:
    void cancelRequested();

private:
    QLabel* m_label = nullptr;
    QProgressBar* m_bar = nullptr;
    QToolButton* m_cancel = nullptr;
};

} // namespace app

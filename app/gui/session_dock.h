#pragma once

#include <QWidget>

class QLabel;
class QListView;

namespace model {
class SessionRuns;
}

namespace app {

/// The Session dock: the session database's path and its runs, newest last; activating a run (double
/// click, Enter) shows its recorded results in the views.
class SessionDock : public QWidget {
    Q_OBJECT
public:
    SessionDock(model::SessionRuns* runs, QWidget* parent = nullptr);

    QListView* list() const { return m_list; }
    /// Marks `runId` as the run the views show.
    void setCurrentRun(qint64 runId);

Q_SIGNALS:
    void runActivated(qint64 runId);

private:
    void updateHeader();

    model::SessionRuns* m_runs;
    QLabel* m_header;
    QListView* m_list;
    qint64 m_current = 0;
};

} // namespace app

#pragma once

#include <QWidget>

class QLabel;

namespace model {
class TimelineLoader;
}

namespace views {

class WarpTimelineCanvas;

/// The Warp Timeline view: the recorded warp states of a run's first timed launch, read from the session
/// database off the GUI thread at the level of detail of the view's width, with a legend of the states and
/// a header naming the launch and what is shown. GUI thread only.
class WarpTimelineView : public QWidget {
    Q_OBJECT
public:
    explicit WarpTimelineView(QWidget* parent = nullptr);

    /// Shows run `runId` of the session database `dbPath`.
    void showRun(const QString& dbPath, qint64 runId);
    WarpTimelineCanvas* canvas() const { return m_canvas; }
    model::TimelineLoader* loader() const { return m_loader; }
    QString headerText() const;

private:
    model::TimelineLoader* m_loader;
    WarpTimelineCanvas* m_canvas;
    QLabel* m_header;
};

} // namespace views

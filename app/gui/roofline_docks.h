#pragma once

#include "model/run/time_range.h"

#include <QObject>

#include <memory>
#include <optional>

class QDockWidget;
class QMainWindow;

namespace model {
class RooflineSession;
struct RunSnapshot;
}

namespace views {
class MemoryChartView;
class RooflineView;
}

namespace app {

/// The Roofline (with the speed of light) and Memory Chart docks and the session that reads their data from the
/// shown run's session database (GUI thread). A launch chosen in either, or in another view, is chosen in both.
class RooflineDocks : public QObject {
    Q_OBJECT
public:
    explicit RooflineDocks(QMainWindow* window);

    /// Reads the run's roofline in the background; a run not recorded in a database clears the views. `moreOfShown`
    /// (more of the run shown, as its launches finish) keeps the launch chosen; else the first is.
    void showRun(const std::shared_ptr<const model::RunSnapshot>& snapshot, bool moreOfShown = false);
    void setTimeRange(const std::optional<model::TimeRange>& range);
    void selectLaunch(int index);

    QDockWidget* rooflineDock() const { return m_rooflineDock; }
    QDockWidget* memoryChartDock() const { return m_memoryChartDock; }
    views::RooflineView* rooflineView() const { return m_roofline; }
    model::RooflineSession* session() const { return m_session; }

Q_SIGNALS:
    void launchChosen(int index);

private:
    model::RooflineSession* m_session = nullptr;
    views::RooflineView* m_roofline = nullptr;
    views::MemoryChartView* m_memoryChart = nullptr;
    QDockWidget* m_rooflineDock = nullptr;
    QDockWidget* m_memoryChartDock = nullptr;
};

} // namespace app

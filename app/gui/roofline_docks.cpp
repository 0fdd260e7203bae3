#include "app/gui/roofline_docks.h"

#include "model/roofline/roofline_session.h"
#include "model/run/run_snapshot.h"
#include "views/roofline/roofline_view.h"

#include <QDockWidget>
#include <QMainWindow>

namespace app {

RooflineDocks::RooflineDocks(QMainWindow* window)
    : QObject(window)
    , m_session(new model::RooflineSession(this))
    , m_roofline(new views::RooflineView(m_session))
    , m_memoryChart(new views::MemoryChartView(m_session))
{
    m_rooflineDock = new QDockWidget(tr("Roofline"), window);
    m_rooflineDock->setObjectName(QStringLiteral("rooflineDock"));
    m_rooflineDock->setWidget(m_roofline);
    m_memoryChartDock = new QDockWidget(tr("Memory Chart"), window);
    m_memoryChartDock->setObjectName(QStringLiteral("memorychartDock"));
    m_memoryChartDock->setWidget(m_memoryChart);
    window->addDockWidget(Qt::TopDockWidgetArea, m_rooflineDock);
    window->addDockWidget(Qt::TopDockWidgetArea, m_memoryChartDock);
    connect(m_roofline, &views::RooflineView::launchChosen, this, [this](int index) {
        m_memoryChart->selectLaunch(index);
        emit launchChosen(index);
    });
    connect(m_memoryChart, &views::MemoryChartView::launchChosen, this, [this](int index) {
        m_roofline->selectLaunch(index);
        emit launchChosen(index);
    });
}

void RooflineDocks::showRun(const std::shared_ptr<const model::RunSnapshot>& snapshot, bool moreOfShown)
{
    if (snapshot && !snapshot->databasePath.isEmpty() && snapshot->sweepPoints == 0)
        m_session->showRun(snapshot->databasePath, snapshot->runId);
    else
        m_session->showRun({}, 0);
    if (!moreOfShown)
        selectLaunch(0);
}

void RooflineDocks::setTimeRange(const std::optional<model::TimeRange>& range) { m_roofline->setTimeRange(range); }

void RooflineDocks::selectLaunch(int index)
{
    m_roofline->selectLaunch(index);
    m_memoryChart->selectLaunch(index);
}

} // namespace app

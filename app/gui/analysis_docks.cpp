#include "app/gui/analysis_docks.h"

#include "model/source/source_session.h"
#include "model/stepper/stepper_session.h"
#include "views/memory/bank_heat_map.h"
#include "views/memory/memory_request_chart.h"
#include "views/source/source_view.h"
#include "views/stepper/warp_stepper_view.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QTimer>

namespace app {

namespace {

QDockWidget* makeDock(QMainWindow* window, QWidget* view, const QString& title, const QString& name)
{
    auto* dock = new QDockWidget(title, window);
    dock->setObjectName(name);
    dock->setWidget(view);
    return dock;
}

} // namespace

AnalysisDocks::AnalysisDocks(std::shared_ptr<const engine::DeviceCatalog> catalog, QMainWindow* window)
    : QObject(window)
    , m_stepper(new model::StepperSession(catalog, this))
    , m_source(new model::SourceSession(std::move(catalog), this))
{
    m_stepperDock = makeDock(window, new views::WarpStepperView(m_stepper), tr("Warp Stepper"), QStringLiteral("stepperDock"));
    m_sourceDock = makeDock(window, new views::SourceView(m_source), tr("Source"), QStringLiteral("sourceDock"));
    window->addDockWidget(Qt::BottomDockWidgetArea, m_stepperDock);
    window->addDockWidget(Qt::BottomDockWidgetArea, m_sourceDock);
    window->tabifyDockWidget(m_stepperDock, m_sourceDock);
    auto* banks = new views::BankHeatMap;
    m_banksDock = makeDock(window, banks, tr("Bank Heat Map"), QStringLiteral("banksDock"));
    window->addDockWidget(Qt::BottomDockWidgetArea, m_banksDock);
    window->tabifyDockWidget(m_sourceDock, m_banksDock);
    connect(m_source, &model::SourceSession::snapshotChanged, banks, &views::BankHeatMap::setSnapshot);
    auto* requests = new views::MemoryRequestChart;
    m_memoryDock = makeDock(window, requests, tr("Memory Requests"), QStringLiteral("memoryDock"));
    window->addDockWidget(Qt::BottomDockWidgetArea, m_memoryDock);
    window->tabifyDockWidget(m_banksDock, m_memoryDock);
    connect(m_source, &model::SourceSession::snapshotChanged, requests, &views::MemoryRequestChart::setSnapshot);
    m_stepperDock->raise();
}

void AnalysisDocks::openScenario(const QString& path, const QMap<QString, qint64>& overrides)
{
    const model::StepperTarget target { path, m_deviceId, overrides, { 0, 0, 0 } };
    m_stepper->open(target);
    m_source->load(target);
}

bool AnalysisDocks::showWarp(quint32 linearBlock, quint32 warp)
{
    const auto& snapshot = m_stepper->snapshot();
    if (!snapshot)
        return false;
    const auto& grid = snapshot->grid;
    const quint64 blocks = quint64 { grid[0] } * grid[1] * grid[2];
    if (linearBlock >= blocks || static_cast<int>(warp) >= snapshot->warpCount)
        return false;
    const std::array<quint32, 3> block { linearBlock % grid[0], linearBlock / grid[0] % grid[1],
        static_cast<quint32>(linearBlock / (quint64 { grid[0] } * grid[1])) };
    m_stepper->selectBlock(block);
    m_stepper->selectWarp(static_cast<int>(warp));
    m_stepperDock->show();
    m_stepperDock->raise();
    return true;
}

void AnalysisDocks::runStepperTo(int pc)
{
    m_stepper->runToCursor(pc);
    m_stepperDock->show();
    m_stepperDock->raise();
    // Room for the lanes → addresses picture (a G80's 32 segments): half the window's height.
    auto* window = static_cast<QMainWindow*>(parent());
    QTimer::singleShot(0, window, [window, dock = m_stepperDock] {
        window->resizeDocks({ dock }, { window->height() / 2 }, Qt::Vertical);
    });
}

void AnalysisDocks::whenStepperIdle(std::function<void()> done)
{
    if (!m_stepper->isBusy()) {
        done();
        return;
    }
    connect(m_stepper, &model::StepperSession::busyChanged, this, [this, done = std::move(done)](bool busy) {
        if (!busy)
            whenStepperIdle(done);
    }, Qt::SingleShotConnection);
}

void AnalysisDocks::setDevice(const QString& deviceId)
{
    m_deviceId = deviceId;
    if (m_source->target().scenarioFile.isEmpty())
        return;
    m_stepper->setDevice(deviceId);
    m_source->setDevice(deviceId);
}

} // namespace app

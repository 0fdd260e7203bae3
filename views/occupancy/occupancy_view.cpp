#include "views/occupancy/occupancy_view.h"

#include "model/occupancy/launch_inputs.h"
#include "model/occupancy/occupancy_model.h"
#include "views/occupancy/occupancy_chart.h"
#include "views/occupancy/occupancy_inputs_panel.h"
#include "views/occupancy/occupancy_results_panel.h"
#include "views/plot/axis_math.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

namespace views {

namespace {

constexpr int sidePanelWidth = 340;

} // namespace

OccupancyView::OccupancyView(model::OccupancyModel* occupancy, QWidget* parent)
    : QWidget(parent)
    , m_occupancy(occupancy)
{
    setupWidgets();
    setupConnections();
    showSnapshot();
}

void OccupancyView::setupWidgets()
{
    // The inputs and results scroll when the dock is short, so the window fits a 1080-line screen with the
    // bottom docks open.
    auto* side = new QScrollArea;
    side->setWidget(makeSidePanel());
    side->setWidgetResizable(true);
    side->setFrameShape(QFrame::NoFrame);
    side->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    side->setFixedWidth(sidePanelWidth + side->verticalScrollBar()->sizeHint().width());
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(side);
    layout->addWidget(makeCharts(), 1);
}

QWidget* OccupancyView::makeSidePanel()
{
    auto* panel = new QWidget;
    panel->setFixedWidth(sidePanelWidth);
    m_deviceTitle = new QLabel;
    m_deviceTitle->setObjectName(QStringLiteral("deviceTitle"));
    m_deviceTitle->setWordWrap(true);
    QFont titleFont = m_deviceTitle->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_deviceTitle->setFont(titleFont);
    m_launchCaption = new QLabel;
    m_launchCaption->setObjectName(QStringLiteral("launchCaption"));
    m_launchCaption->setWordWrap(true);
    m_launchCaption->setVisible(false);
    m_inputs = new OccupancyInputsPanel;
    m_results = new OccupancyResultsPanel;

    auto* layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_deviceTitle);
    layout->addWidget(m_launchCaption);
    layout->addWidget(m_inputs);
    layout->addWidget(m_results);
    layout->addStretch(1);
    return panel;
}

QWidget* OccupancyView::makeCharts()
{
    auto* charts = new QWidget;
    m_byThreads = new OccupancyChart(
        tr("Varying block size"), tr("Threads per block"), OccupancyChart::XUnit::Count);
    m_byRegisters = new OccupancyChart(
        tr("Varying register count"), tr("Registers per thread"), OccupancyChart::XUnit::Count);
    m_bySharedBytes = new OccupancyChart(
        tr("Varying shared memory usage"), tr("Shared memory per block"), OccupancyChart::XUnit::Bytes);
    m_byThreads->setObjectName(QStringLiteral("threadsChart"));
    m_byRegisters->setObjectName(QStringLiteral("registersChart"));
    m_bySharedBytes->setObjectName(QStringLiteral("sharedMemoryChart"));

    auto* layout = new QVBoxLayout(charts);
    layout->setContentsMargins(0, 0, 0, 0);
    for (auto* chart : { m_byThreads, m_byRegisters, m_bySharedBytes })
        layout->addWidget(chart, 1);
    return charts;
}

void OccupancyView::setupConnections()
{
    connect(m_inputs, &OccupancyInputsPanel::inputsChanged, m_occupancy, &model::OccupancyModel::setInputs);
    connect(m_occupancy, &model::OccupancyModel::snapshotChanged, this, &OccupancyView::showSnapshot);
}

void OccupancyView::showLaunch(const QString& name, const model::OccupancyInputs& inputs)
{
    m_launchName = name;
    m_launchInputs = inputs;
    m_occupancy->setInputs(inputs);
    updateLaunchCaption();
}

void OccupancyView::updateLaunchCaption()
{
    m_launchCaption->setVisible(m_launchInputs.has_value());
    if (!m_launchInputs)
        return;
    const auto configuration = model::describeInputs(*m_launchInputs);
    m_launchCaption->setText(m_occupancy->inputs() == *m_launchInputs
            ? tr("Marking %1's launch: %2.").arg(m_launchName, configuration)
            : tr("%1's launch ran with %2; the inputs below have been edited.").arg(m_launchName, configuration));
}

void OccupancyView::showSnapshot()
{
    updateLaunchCaption();
    const auto& snapshot = m_occupancy->snapshot();
    m_deviceTitle->setText(tr("%1 · CC %2").arg(snapshot.deviceName, snapshot.computeCapability));
    m_inputs->setSnapshot(snapshot);
    m_results->setSnapshot(snapshot);
    const auto percent = snapshot.occupancyPercent;
    const auto warps = snapshot.maxWarpsPerSm;
    const auto occupancyText = formatPercent(percent);
    m_byThreads->setSeries(snapshot.byThreads, percent, warps,
        tr("%1 threads: %2").arg(snapshot.inputs.threadsPerBlock).arg(occupancyText));
    m_byRegisters->setSeries(snapshot.byRegisters, percent, warps,
        tr("%1 registers: %2").arg(snapshot.inputs.registersPerThread).arg(occupancyText));
    m_bySharedBytes->setSeries(snapshot.bySharedBytes, percent, warps,
        tr("%1: %2").arg(formatBytes(snapshot.inputs.sharedBytesPerBlock), occupancyText));
}

} // namespace views

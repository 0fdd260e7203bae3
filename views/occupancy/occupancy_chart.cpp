#include "views/occupancy/occupancy_chart.h"

#include "model/occupancy/occupancy_snapshot.h"
#include "views/plot/axis_math.h"
#include "views/plot/byte_axis_ticker.h"
#include "views/plot/plot_theme.h"
#include "views/plot/qcustomplot.h"

#include <QVBoxLayout>

namespace views {

namespace {

constexpr double percentAxisTop = 105.0; // room above 100 % so the curve's top edge stays visible
constexpr double xPadding = 0.02;

QSharedPointer<QCPAxisTickerFixed> fixedTicker(double step)
{
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(step);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssNone);
    return ticker;
}

} // namespace

OccupancyChart::OccupancyChart(const QString& title, const QString& xLabel, XUnit xUnit, QWidget* parent)
    : QWidget(parent)
    , m_xUnit(xUnit)
{
    setupPlot(title, xLabel, xUnit);
    applyTheme();
}

void OccupancyChart::setupPlot(const QString& title, const QString& xLabel, XUnit xUnit)
{
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("occupancyPlot"));
    // Small enough that the three graphs and the bottom docks fit a 1080-line screen; they grow with the window.
    m_plot->setMinimumSize(360, 110);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);

    m_plot->plotLayout()->insertRow(0);
    m_title = new QCPTextElement(m_plot, title);
    m_plot->plotLayout()->addElement(0, 0, m_title);

    m_plot->xAxis->setLabel(xLabel);
    if (xUnit == XUnit::Bytes)
        m_plot->xAxis->setTicker(QSharedPointer<ByteAxisTicker>::create());
    m_plot->yAxis->setLabel(tr("Occupancy (%)"));
    m_plot->yAxis->setTicker(fixedTicker(20));
    m_plot->yAxis->setRange(0, percentAxisTop);
    m_plot->yAxis2->setVisible(true);
    m_plot->yAxis2->setLabel(tr("Active warps per SM"));
    m_plot->yAxis2->grid()->setVisible(false);

    m_curve = m_plot->addGraph();
    // The value at x holds for every input in (previous x, x]: the calculator rounds inputs up.
    m_curve->setLineStyle(QCPGraph::lsStepRight);
    m_marker = m_plot->addGraph();
    m_marker->setLineStyle(QCPGraph::lsNone);
    m_markerLine = new QCPItemStraightLine(m_plot);
    m_markerLabel = new QCPItemText(m_plot);
    m_markerLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_markerLabel->setClipToAxisRect(true);
}

void OccupancyChart::applyTheme()
{
    const auto theme = PlotTheme::fromPalette(palette(), font());
    theme.applyTo(*m_plot);
    m_title->setFont(theme.titleFont);
    m_title->setTextColor(theme.foreground);
    theme.styleCurve(*m_curve);
    theme.styleMarker(*m_marker);
    theme.styleMarkerLine(*m_markerLine);
    theme.styleMarkerLabel(*m_markerLabel);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void OccupancyChart::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        applyTheme();
}

void OccupancyChart::setSeries(
    const model::OccupancySeries& series, double currentPercent, int maxWarpsPerSm, const QString& markerText)
{
    m_curve->setData(series.x, series.occupancyPercent, true);
    m_marker->setData({ series.currentX }, { currentPercent }, true);
    const double maxX = series.x.isEmpty() ? 1.0 : std::max(series.x.back(), series.currentX);
    setAxisRanges(maxX, maxWarpsPerSm);
    placeMarker(series.currentX, markerText);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void OccupancyChart::setAxisRanges(double maxX, int maxWarpsPerSm)
{
    const auto range = paddedRange(0, maxX, xPadding);
    m_plot->xAxis->setRange(range.lower, range.upper);
    if (m_xUnit == XUnit::Count)
        m_plot->xAxis->setTicker(fixedTicker(niceBinaryStep(maxX, 8)));
    // Both y axes start at zero, so 100 % on the left lines up with the device's warp limit on the right.
    const double warps = std::max(1, maxWarpsPerSm);
    m_plot->yAxis2->setRange(0, warps * percentAxisTop / 100.0);
    m_plot->yAxis2->setTicker(fixedTicker(niceBinaryStep(warps, 5)));
}

void OccupancyChart::placeMarker(double x, const QString& text)
{
    m_markerLine->point1->setCoords(x, 0);
    m_markerLine->point2->setCoords(x, 1);
    m_markerLabel->setText(text);
    const auto range = m_plot->xAxis->range();
    const bool leftHalf = x < range.center();
    // Beside the line, on the side with more room, near the bottom where the label hides the least.
    m_markerLabel->setPositionAlignment(Qt::AlignBottom | (leftHalf ? Qt::AlignLeft : Qt::AlignRight));
    const double offset = range.size() * 0.008;
    m_markerLabel->position->setCoords(leftHalf ? x + offset : x - offset, 0.97);
}

} // namespace views

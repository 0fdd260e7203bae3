#include "views/bandwidth/bandwidth_chart.h"

#include "views/plot/plot_theme.h"
#include "views/plot/qcustomplot.h"

#include <QToolTip>
#include <QVBoxLayout>

#include <limits>

namespace views {

QColor BandwidthChart::deviceColor(int index)
{
    static const QColor colors[] = { QColor(0x1f, 0x77, 0xb4), QColor(0xd6, 0x27, 0x28), QColor(0x2c, 0xa0, 0x2c),
        QColor(0x94, 0x67, 0xbd), QColor(0xff, 0x7f, 0x0e), QColor(0x8c, 0x56, 0x4b), QColor(0x17, 0xbe, 0xcf),
        QColor(0xe3, 0x77, 0xc2) };
    return colors[index % 8];
}

BandwidthChart::BandwidthChart(QWidget* parent)
    : QWidget(parent)
{
    setupPlot();
    applyTheme();
}

void BandwidthChart::setupPlot()
{
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("bandwidthPlot"));
    m_plot->setMinimumSize(360, 220);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignVCenter | Qt::AlignRight);
    createTracer();
    connect(m_plot, &QCustomPlot::mouseMove, this, &BandwidthChart::onMouseMove);
}

void BandwidthChart::createTracer()
{
    m_tracer = new QCPItemTracer(m_plot);
    m_tracer->setStyle(QCPItemTracer::tsCircle);
    m_tracer->setSize(9);
    m_tracer->setVisible(false);
    m_tracer->setInterpolating(false);
}

void BandwidthChart::applyTheme()
{
    const auto theme = PlotTheme::fromPalette(palette(), font());
    theme.applyTo(*m_plot);
    m_plot->legend->setBrush(theme.background);
    m_plot->legend->setTextColor(theme.foreground);
    m_plot->legend->setBorderPen(QPen(theme.grid));
    m_tracer->setPen(QPen(theme.foreground, 1.5));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void BandwidthChart::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        applyTheme();
}

void BandwidthChart::show(std::shared_ptr<const model::SweepSnapshot> snapshot, model::SweepMetric metric,
    bool percentOfTheoretical)
{
    m_snapshot = std::move(snapshot);
    m_metric = metric;
    m_percent = percentOfTheoretical && metric == model::SweepMetric::EffectiveBandwidth;
    m_plot->clearGraphs();
    m_plot->clearItems();
    createTracer();
    applyTheme();
    if (!m_snapshot)
        return;
    m_plot->xAxis->setLabel(m_snapshot->param);
    m_plot->yAxis->setLabel(m_percent ? tr("Effective bandwidth (% of theoretical)") : model::sweepMetricAxisLabel(metric));
    for (int i = 0; i < m_snapshot->devices.size(); ++i) {
        addDeviceCurve(m_snapshot->devices[i], i);
        if (metric == model::SweepMetric::EffectiveBandwidth && !m_percent)
            addTheoreticalLine(m_snapshot->devices[i], i);
    }
    if (m_percent)
        addHundredPercentLine();
    fitAxes();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void BandwidthChart::addDeviceCurve(const model::SweepSeries& series, int index)
{
    auto* graph = m_plot->addGraph();
    graph->setName(series.deviceName);
    const QColor color = deviceColor(index);
    graph->setPen(QPen(color, 2));
    // A shape per device, each smaller than the last, so curves that coincide (sectored generations
    // count alike) stay visible under one another.
    static const QCPScatterStyle::ScatterShape shapes[]
        = { QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare, QCPScatterStyle::ssDiamond, QCPScatterStyle::ssTriangle };
    graph->setScatterStyle(QCPScatterStyle(shapes[index % 4], color, color, std::max(4.0, 10.0 - 1.5 * index)));
    auto y = series.values(m_metric);
    if (m_percent && series.theoreticalBandwidthGBps > 0)
        for (auto& value : y)
            value = value / series.theoreticalBandwidthGBps * 100.0;
    graph->setData(series.x.mid(0, y.size()), y, true);
}

void BandwidthChart::addHundredPercentLine()
{
    auto* line = new QCPItemStraightLine(m_plot);
    line->point1->setCoords(0, 100.0);
    line->point2->setCoords(1, 100.0);
    line->setPen(QPen(m_plot->xAxis->basePen().color(), 1.2, Qt::DashLine));
    auto* label = new QCPItemText(m_plot);
    label->setText(tr("theoretical bandwidth of each device"));
    label->setColor(m_plot->xAxis->basePen().color());
    label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    label->position->setTypeY(QCPItemPosition::ptPlotCoords);
    label->position->setCoords(0.01, 100.0);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
}

void BandwidthChart::addTheoreticalLine(const model::SweepSeries& series, int index)
{
    auto* line = new QCPItemStraightLine(m_plot);
    line->point1->setCoords(0, series.theoreticalBandwidthGBps);
    line->point2->setCoords(1, series.theoreticalBandwidthGBps);
    line->setPen(QPen(deviceColor(index), 1.2, Qt::DashLine));
    auto* label = new QCPItemText(m_plot);
    label->setText(tr("%1 theoretical %2 GB/s").arg(series.deviceName).arg(series.theoreticalBandwidthGBps, 0, 'f', 0));
    label->setColor(deviceColor(index));
    label->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    label->position->setTypeY(QCPItemPosition::ptPlotCoords);
    label->position->setCoords(0.01, series.theoreticalBandwidthGBps);
    label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
}

void BandwidthChart::fitAxes()
{
    m_plot->rescaleAxes();
    double top = m_plot->yAxis->range().upper;
    if (m_percent)
        top = std::max(top, 100.0);
    else if (m_metric == model::SweepMetric::EffectiveBandwidth)
        for (const auto& series : m_snapshot->devices)
            top = std::max(top, series.theoreticalBandwidthGBps);
    m_plot->yAxis->setRange(0, top > 0 ? top * 1.1 : 1.0);
    const auto x = m_plot->xAxis->range();
    const double pad = std::max(x.size() * 0.02, 0.5);
    m_plot->xAxis->setRange(x.lower - pad, x.upper + pad);
}

QString BandwidthChart::readoutAt(QPointF pixel)
{
    QCPGraph* best = nullptr;
    int bestGraph = -1;
    int bestIndex = -1;
    double bestDistance = std::numeric_limits<double>::max();
    for (int g = 0; g < m_plot->graphCount(); ++g) {
        auto* graph = m_plot->graph(g);
        for (int i = 0; i < graph->dataCount(); ++i) {
            const auto point = graph->dataMainKey(i);
            const QPointF at(m_plot->xAxis->coordToPixel(point), m_plot->yAxis->coordToPixel(graph->dataMainValue(i)));
            const double distance = QLineF(at, pixel).length();
            if (distance < bestDistance) {
                bestDistance = distance;
                best = graph;
                bestGraph = g;
                bestIndex = i;
            }
        }
    }
    if (!best || bestDistance > 30)
        return {};
    m_tracer->setGraph(best);
    m_tracer->setGraphKey(best->dataMainKey(bestIndex));
    auto text = tr("%1\n%2 = %3\n%4: %5%6")
                    .arg(best->name(), m_snapshot ? m_snapshot->param : QString())
                    .arg(best->dataMainKey(bestIndex))
                    .arg(model::sweepMetricName(m_metric))
                    .arg(best->dataMainValue(bestIndex), 0, 'g', 4)
                    .arg(m_percent ? tr(" % of theoretical") : QString());
    // Graph g is device g's curve (addDeviceCurve); its point i is the series' point i.
    if (m_snapshot && bestGraph < m_snapshot->devices.size()) {
        const auto& shares = m_snapshot->devices[bestGraph].simulatedShare;
        if (bestIndex < shares.size() && shares[bestIndex] < 1.0)
            text += tr("\nsampled: %1 % of the blocks simulated, the rest extrapolated")
                        .arg(100.0 * shares[bestIndex], 0, 'g', 3);
    }
    return text;
}

void BandwidthChart::onMouseMove(QMouseEvent* event)
{
    const auto text = readoutAt(event->position());
    m_tracer->setVisible(!text.isEmpty());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace views

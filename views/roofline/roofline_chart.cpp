#include "views/roofline/roofline_chart.h"

#include "views/plot/plot_theme.h"
#include "views/plot/qcustomplot.h"
#include "views/roofline/roofline_geometry.h"
#include "views/roofline/roofline_style.h"

#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace views {

namespace {

    constexpr double kHitRadiusPixels = 8;

    QCPGraph* addLine(QCustomPlot* plot, const QVector<double>& x, const QVector<double>& y, QPen pen)
    {
        auto* graph = plot->addGraph();
        graph->setData(x, y, true);
        graph->setPen(pen);
        graph->removeFromLegend();
        return graph;
    }

    void addLabel(QCustomPlot* plot, double x, double y, const QString& text, QColor color, Qt::Alignment align)
    {
        auto* label = new QCPItemText(plot);
        label->position->setCoords(x, y);
        label->setPositionAlignment(align);
        label->setText(text);
        label->setColor(color);
        QFont font = plot->font();
        font.setPointSizeF(font.pointSizeF() * 0.85);
        label->setFont(font);
    }

    /// The roof the dots of a level are compared with: its bandwidth ceiling, if the device has one.
    double highestCompute(const model::RooflineRun& run)
    {
        double top = run.ceilings.integer.peak;
        for (const auto& c : run.ceilings.compute)
            top = std::max(top, c.peak);
        return top;
    }

} // namespace

RooflineChart::RooflineChart(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this))
{
    setObjectName(QStringLiteral("rooflineChart"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    for (auto* axis : { m_plot->xAxis, m_plot->yAxis }) {
        axis->setScaleType(QCPAxis::stLogarithmic);
        axis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
        axis->setNumberFormat(QStringLiteral("eb"));
        axis->setNumberPrecision(0);
    }
    m_plot->xAxis->setLabel(tr("arithmetic intensity (FLOP per byte)"));
    m_plot->yAxis->setLabel(tr("FLOP/s (integer kernels: operations/s)"));
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, &RooflineChart::onMouseMove);
    connect(m_plot, &QCustomPlot::mousePress, this, &RooflineChart::onMousePress);
    rebuild();
}

void RooflineChart::setRuns(const QVector<std::shared_ptr<const model::RooflineRun>>& runs)
{
    m_runs = runs;
    m_selected = -1;
    rebuild();
}

void RooflineChart::setTimeRange(const std::optional<model::TimeRange>& range)
{
    m_range = range;
    rebuild();
}

void RooflineChart::selectLaunch(int index)
{
    if (index == m_selected)
        return;
    m_selected = index;
    rebuild();
}

bool RooflineChart::inRange(const model::RooflineLaunch& launch) const
{
    return !m_range || m_range->overlaps(launch.startUs, launch.startUs + launch.timeUs);
}

void RooflineChart::rebuild()
{
    m_plot->clearGraphs();
    m_plot->clearItems();
    m_plot->clearPlottables();
    m_dots.clear();
    PlotTheme::fromPalette(palette(), font()).applyTo(*m_plot);
    QVector<double> xs { 0.01, 100 }, ys;
    for (const auto& run : m_runs) {
        for (const auto& c : run->ceilings.memory)
            xs.push_back(roofline_geometry::ridge(c.peak, highestCompute(*run)));
        ys.push_back(highestCompute(*run));
        for (const auto& launch : run->launches) {
            for (const auto& p : launch.roofline ? launch.roofline->points : std::vector<engine::RooflinePoint> {}) {
                xs.push_back(p.intensity);
                ys.push_back(p.performance);
            }
        }
    }
    const auto x = roofline_geometry::decades(xs, { 0.01, 100 });
    const auto y = roofline_geometry::decades(ys, { 1e9, 1e12 });
    m_plot->xAxis->setRange(x.lower, x.upper);
    m_plot->yAxis->setRange(y.lower, y.upper * 3);
    QVector<RoofLabel> labels;
    for (int r = 0; r < m_runs.size(); ++r) {
        const QColor color = rooflineDeviceColor(r, r == m_runs.size() - 1);
        addRoofs(*m_runs[r], color, x.lower, x.upper, labels);
        addDots(r, color);
    }
    placeLabels(labels, x.lower, x.upper);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void RooflineChart::addRoofs(
    const model::RooflineRun& run, QColor color, double xLower, double xUpper, QVector<RoofLabel>& labels)
{
    const double top = highestCompute(run);
    const auto device = QString::fromStdString(run.deviceId);
    double lowestRidge = xUpper;
    for (const auto& c : run.ceilings.memory) {
        const double ridge = roofline_geometry::ridge(c.peak, top);
        lowestRidge = std::min(lowestRidge, ridge);
        QPen pen(color, c.id == "dram" ? 2.0 : 1.2, c.id == "dram" ? Qt::SolidLine : Qt::DashLine);
        addLine(m_plot, { xLower, ridge }, { c.peak * xLower, top }, pen);
        labels.push_back({ false, c.peak * xLower * 1.15,
            QStringLiteral("%1 %2 %3 GB/s").arg(device, QString::fromStdString(c.label)).arg(c.peak / 1e9, 0, 'f', 0),
            color });
    }
    auto computes = run.ceilings.compute;
    computes.push_back(run.ceilings.integer);
    for (const auto& c : computes) {
        const double from = std::max(xLower, lowestRidge * c.peak / top);
        const bool fp32 = c.id == "fp32";
        addLine(m_plot, { from, xUpper }, { c.peak, c.peak }, QPen(color, fp32 ? 2.0 : 1.0, fp32 ? Qt::SolidLine : Qt::DotLine));
        labels.push_back({ true, c.peak,
            QStringLiteral("%1 %2 %3 %4")
                .arg(device, QString::fromStdString(c.label))
                .arg(c.peak >= 1e12 ? c.peak / 1e12 : c.peak / 1e9, 0, 'f', 1)
                .arg(c.id == "integer" ? (c.peak >= 1e12 ? tr("Tops/s") : tr("Gops/s"))
                                       : (c.peak >= 1e12 ? tr("TFLOP/s") : tr("GFLOP/s"))),
            color });
    }
}

void RooflineChart::placeLabels(const QVector<RoofLabel>& labels, double xLower, double xUpper)
{
    // One text line, in decades of the y axis (the axis rect's height before the first layout: the widget's).
    const QCPRange y = m_plot->yAxis->range();
    const int pixels = m_plot->axisRect()->height() > 0 ? m_plot->axisRect()->height() : std::max(200, height() - 80);
    const double gap = (std::log10(y.upper) - std::log10(y.lower)) * (fontMetrics().height() + 1) / pixels;
    for (const bool compute : { false, true }) {
        QVector<double> anchors;
        QVector<const RoofLabel*> column;
        for (const auto& label : labels) {
            if (label.compute == compute) {
                anchors.push_back(std::log10(label.rate));
                column.push_back(&label);
            }
        }
        const QVector<double> placed = roofline_geometry::spread(anchors, gap);
        for (int i = 0; i < column.size(); ++i)
            addLabel(m_plot, compute ? xUpper / 1.1 : xLower * 1.15, std::pow(10.0, placed[i]), column[i]->text,
                column[i]->color, (compute ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignBottom);
    }
}

void RooflineChart::addDots(int runIndex, QColor color)
{
    const auto& run = *m_runs[runIndex];
    const bool current = runIndex == m_runs.size() - 1;
    for (const auto level : engine::kMemoryLevels) {
        auto* graph = m_plot->addGraph();
        graph->setLineStyle(QCPGraph::lsNone);
        graph->setName(QStringLiteral("%1 %2").arg(QString::fromStdString(run.deviceId), QString::fromUtf8(engine::labelOf(level))));
        graph->setScatterStyle(QCPScatterStyle(rooflineLevelShape(level), color, color, 9));
        auto* faint = m_plot->addGraph();
        faint->setLineStyle(QCPGraph::lsNone);
        faint->removeFromLegend();
        QColor light = color;
        light.setAlpha(60);
        faint->setScatterStyle(QCPScatterStyle(rooflineLevelShape(level), light, light, 9));
        bool any = false;
        for (const auto& launch : run.launches) {
            if (!launch.roofline)
                continue;
            for (const auto& p : launch.roofline->points) {
                if (p.level != level)
                    continue;
                const bool shown = !current || inRange(launch);
                (shown ? graph : faint)->addData(p.intensity, p.performance);
                m_dots.push_back({ runIndex, launch.index, p });
                any = true;
                if (current && launch.index == m_selected) {
                    auto* ring = m_plot->addGraph();
                    ring->removeFromLegend();
                    ring->setLineStyle(QCPGraph::lsNone);
                    ring->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(palette().color(QPalette::Text), 2), Qt::NoBrush, 18));
                    ring->addData(p.intensity, p.performance);
                }
            }
        }
        if (!any)
            graph->removeFromLegend();
    }
}

std::optional<int> RooflineChart::dotAt(QPointF pixel) const
{
    QVector<QPointF> pixels;
    for (const auto& dot : m_dots)
        pixels.push_back({ m_plot->xAxis->coordToPixel(dot.point.intensity), m_plot->yAxis->coordToPixel(dot.point.performance) });
    return roofline_geometry::nearest(pixels, pixel, kHitRadiusPixels);
}

QString RooflineChart::toolTipAt(QPointF pixel) const
{
    const auto hit = dotAt(pixel);
    if (!hit)
        return {};
    const auto& dot = m_dots[*hit];
    const auto& run = *m_runs[dot.run];
    const auto& launch = run.launches[static_cast<std::size_t>(dot.launch)];
    const bool integer = launch.roofline && launch.roofline->integer;
    return tr("%1 · launch #%2 %3\n%4: %5 %6 per byte, %7 %8/s (%9 bytes)")
        .arg(QString::fromStdString(run.deviceName))
        .arg(dot.launch + 1)
        .arg(QString::fromStdString(launch.kernel), QString::fromUtf8(engine::labelOf(dot.point.level)))
        .arg(dot.point.intensity, 0, 'g', 3)
        .arg(integer ? tr("operations") : tr("FLOP"))
        .arg(dot.point.performance / 1e9, 0, 'g', 4)
        .arg(integer ? tr("G operations") : tr("GFLOP"))
        .arg(dot.point.bytes);
}

void RooflineChart::onMouseMove(QMouseEvent* event)
{
    const auto text = toolTipAt(event->position());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
}

void RooflineChart::onMousePress(QMouseEvent* event)
{
    const auto hit = dotAt(event->position());
    if (!hit || m_dots[*hit].run != m_runs.size() - 1)
        return;
    selectLaunch(m_dots[*hit].launch);
    emit launchClicked(m_dots[*hit].launch);
}

} // namespace views

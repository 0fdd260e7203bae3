#include "views/memory/launch_memory_chart.h"

#include "views/plot/axis_math.h"
#include "views/plot/byte_axis_ticker.h"
#include "views/plot/plot_theme.h"
#include "views/plot/qcustomplot.h"

#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace views {

namespace {

constexpr double kGroupWidth = 0.8; ///< of one launch's slot

QCPBars* addBars(QCustomPlot* plot, QCPBarsGroup* group, const QString& name, QColor color, int count)
{
    auto* bars = new QCPBars(plot->xAxis, plot->yAxis);
    bars->setName(name);
    bars->setBrush(color);
    bars->setPen(Qt::NoPen);
    bars->setWidth(kGroupWidth / count);
    bars->setBarsGroup(group);
    return bars;
}

QCustomPlot* makePlot(QWidget* parent, const QString& yLabel)
{
    auto* plot = new QCustomPlot(parent);
    plot->legend->setVisible(true);
    plot->legend->setFont(parent->font());
    plot->yAxis->setLabel(yLabel);
    plot->setMinimumHeight(180);
    return plot;
}

/// Launches shown by name under their bars; beyond this many, by their position only ("#12").
constexpr int kNamedLaunches = 6;

/// "#2" over "offsetCopy": the launch's position in the run and, when few launches are shown, its kernel.
QString launchLabel(const model::LaunchSummary& launch, int index, bool named)
{
    const auto position = QStringLiteral("#%1").arg(index + 1);
    return named ? position + QLatin1Char('\n') + launch.kernel : position;
}

} // namespace

LaunchMemoryChart::LaunchMemoryChart(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
{
    setObjectName(QStringLiteral("launchMemoryChart"));
    m_ratePlot = makePlot(this, tr("percent"));
    m_bytePlot = makePlot(this, tr("bytes"));
    auto* rateGroup = new QCPBarsGroup(m_ratePlot);
    m_rates[LoadEfficiency] = addBars(m_ratePlot, rateGroup, tr("load efficiency"), QColor(0xd9, 0x5f, 0x02), RateCount);
    m_rates[StoreEfficiency] = addBars(m_ratePlot, rateGroup, tr("store efficiency"), QColor(0xe6, 0xab, 0x02), RateCount);
    m_rates[L1HitRate] = addBars(m_ratePlot, rateGroup, tr("L1 hit rate"), QColor(0x1b, 0x9e, 0x77), RateCount);
    m_rates[L2HitRate] = addBars(m_ratePlot, rateGroup, tr("L2 hit rate"), QColor(0x1b, 0x6c, 0xb5), RateCount);
    auto* byteGroup = new QCPBarsGroup(m_bytePlot);
    m_bytes[Requested] = addBars(m_bytePlot, byteGroup, tr("requested by the program"), QColor(0x66, 0x66, 0x66), BytesCount);
    m_bytes[DramRead] = addBars(m_bytePlot, byteGroup, tr("DRAM read"), QColor(0x75, 0x70, 0xb3), BytesCount);
    m_bytes[DramWritten] = addBars(m_bytePlot, byteGroup, tr("DRAM written"), QColor(0xe7, 0x29, 0x8a), BytesCount);
    m_bytePlot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new ByteAxisTicker));
    m_ratePlot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignHCenter);
    // Two columns, two rows: set after the bars have put their entries in, so the existing ones move too.
    m_ratePlot->legend->setWrap(2);
    m_ratePlot->legend->setFillOrder(QCPLegend::foColumnsFirst, true);
    m_title->setWordWrap(true);
    auto* plots = new QHBoxLayout;
    plots->addWidget(m_ratePlot, 1);
    plots->addWidget(m_bytePlot, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_title);
    layout->addLayout(plots, 1);
    applyTheme();
    rebuild();
}

void LaunchMemoryChart::setSnapshot(std::shared_ptr<const model::RunSnapshot> snapshot)
{
    m_snapshot = std::move(snapshot);
    rebuild();
}

void LaunchMemoryChart::setTimeRange(const std::optional<model::TimeRange>& range)
{
    if (range == m_range)
        return;
    m_range = range;
    rebuild();
}

QString LaunchMemoryChart::titleText() const { return m_title->text(); }

void LaunchMemoryChart::rebuild()
{
    m_shown = m_snapshot ? model::launchesIn(*m_snapshot, m_range) : QVector<int> {};
    QVector<double> x;
    QVector<double> rates[RateCount];
    QVector<double> bytes[BytesCount];
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    double topBytes = 1;
    for (int slot = 0; slot < m_shown.size(); ++slot) {
        const auto& launch = m_snapshot->launches[m_shown[slot]];
        x.push_back(slot);
        ticker->addTick(slot, launchLabel(launch, m_shown[slot], m_shown.size() <= kNamedLaunches));
        rates[LoadEfficiency].push_back(launch.loadRequests ? launch.loadEfficiency * 100.0 : 0.0);
        rates[StoreEfficiency].push_back(launch.storeRequests ? launch.storeEfficiency * 100.0 : 0.0);
        rates[L1HitRate].push_back(launch.l1HitRate.value_or(0.0) * 100.0);
        rates[L2HitRate].push_back(launch.l2HitRate.value_or(0.0) * 100.0);
        bytes[Requested].push_back(static_cast<double>(launch.bytesRequested));
        bytes[DramRead].push_back(static_cast<double>(launch.dramBytesRead.value_or(0)));
        bytes[DramWritten].push_back(static_cast<double>(launch.dramBytesWritten.value_or(0)));
        for (int b = 0; b < BytesCount; ++b)
            topBytes = std::max(topBytes, bytes[b].back());
    }
    for (int r = 0; r < RateCount; ++r)
        m_rates[r]->setData(x, rates[r], true);
    for (int b = 0; b < BytesCount; ++b)
        m_bytes[b]->setData(x, bytes[b], true);
    const double right = std::max<double>(static_cast<double>(m_shown.size()) - 0.4, 0.6);
    for (auto* plot : { m_ratePlot, m_bytePlot }) {
        plot->xAxis->setTicker(ticker);
        plot->xAxis->setRange(-0.6, right);
    }
    m_bytePlot->yAxis->setRange(0, topBytes * 1.15);
    // Efficiency passes 100 % when lanes share words (a broadcast reads 4 bytes for 32 lanes' 128 asked).
    double topRate = 100;
    for (const auto& series : rates)
        for (const double v : series)
            topRate = std::max(topRate, v);
    m_ratePlot->yAxis->setRange(0, topRate * 1.15);
    if (!m_snapshot) {
        m_title->setText(tr("Run a scenario to see, per launch, its load and store efficiency, cache hit rates and DRAM "
                            "traffic."));
    } else {
        const bool timed = m_snapshot->kernelsTimed;
        auto text = tr("%1 on %2: %n launch(es)", nullptr, static_cast<int>(m_shown.size()))
                        .arg(QFileInfo(m_snapshot->scenarioFile).fileName(), m_snapshot->deviceName);
        if (m_range)
            text += tr(" in %1").arg(model::describe(*m_range));
        text += timed ? tr(". Efficiency: bytes asked ÷ bytes moved (Best Practices Guide 9.2.1); hit rates in sectors.")
                      : tr(". Not timed: hit rates and DRAM bytes need the timing model.");
        m_title->setText(text);
    }
    m_ratePlot->replot();
    m_bytePlot->replot();
}

void LaunchMemoryChart::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        applyTheme();
}

void LaunchMemoryChart::applyTheme()
{
    const auto theme = PlotTheme::fromPalette(palette(), font());
    theme.applyTo(*m_ratePlot);
    theme.applyTo(*m_bytePlot);
    m_ratePlot->replot();
    m_bytePlot->replot();
}

} // namespace views

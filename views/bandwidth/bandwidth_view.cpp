#include "views/bandwidth/bandwidth_view.h"

#include "views/bandwidth/bandwidth_chart.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

namespace views {

namespace {

QString sweepTitle(const model::SweepSnapshot& s)
{
    auto title = QObject::tr("%1 · %2 sweep on %3 device(s)%4")
                     .arg(QFileInfo(s.scenarioFile).fileName(), s.param)
                     .arg(s.devices.size())
                     .arg(s.timed ? QString() : QObject::tr(" · counters only: kernels not timed"));
    if (s.sampledPoints > 0)
        title += QObject::tr(" · %n point(s) sampled (hover for the share simulated)", nullptr, s.sampledPoints);
    return title;
}

} // namespace

BandwidthView::BandwidthView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("bandwidthView"));
    setupWidgets();
}

void BandwidthView::setupWidgets()
{
    m_header = new QLabel(tr("No sweep yet: Run ▸ Sweep… runs the scenario over a parameter range on several devices."));
    m_header->setObjectName(QStringLiteral("bandwidthHeader"));
    m_metricPicker = new QComboBox;
    m_metricPicker->setObjectName(QStringLiteral("metricPicker"));
    m_metricPicker->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_percent = new QCheckBox(tr("% of &theoretical"));
    m_percent->setToolTip(tr("Effective bandwidth as a percentage of each device's theoretical bandwidth"));
    m_clear = new QToolButton;
    m_clear->setText(tr("Clear"));
    m_clear->setToolTip(tr("Remove every sweep's chart"));
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_header, 1);
    bar->addWidget(new QLabel(tr("Metric:")));
    bar->addWidget(m_metricPicker);
    bar->addWidget(m_percent);
    bar->addWidget(m_clear);
    m_charts = new QSplitter(Qt::Vertical);
    m_charts->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_charts, 1);
    connect(m_metricPicker, &QComboBox::activated, this, [this](int row) {
        setMetric(static_cast<model::SweepMetric>(m_metricPicker->itemData(row).toInt()));
    });
    connect(m_percent, &QCheckBox::toggled, this, [this] { redraw(); });
    connect(m_clear, &QToolButton::clicked, this, &BandwidthView::clear);
    m_percent->setEnabled(false);
    m_clear->setEnabled(false);
}

BandwidthChart* BandwidthView::chart() const { return m_latest < 0 ? nullptr : m_panels[m_latest].chart; }

std::shared_ptr<const model::SweepSnapshot> BandwidthView::latest() const
{
    return m_latest < 0 ? nullptr : m_panels[m_latest].snapshot;
}

BandwidthView::Panel& BandwidthView::panelFor(const QString& param)
{
    for (int i = 0; i < m_panels.size(); ++i) {
        if (m_panels[i].snapshot && m_panels[i].snapshot->param == param) {
            m_latest = i;
            return m_panels[i];
        }
    }
    Panel panel;
    panel.box = new QWidget;
    panel.title = new QLabel;
    panel.title->setObjectName(QStringLiteral("bandwidthChartTitle"));
    panel.chart = new BandwidthChart;
    auto* layout = new QVBoxLayout(panel.box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(panel.title);
    layout->addWidget(panel.chart, 1);
    m_charts->addWidget(panel.box);
    m_panels.push_back(panel);
    m_latest = static_cast<int>(m_panels.size()) - 1;
    return m_panels.back();
}

void BandwidthView::setSnapshot(std::shared_ptr<const model::SweepSnapshot> snapshot)
{
    if (!snapshot) {
        clear();
        return;
    }
    Panel& panel = panelFor(snapshot->param);
    panel.snapshot = std::move(snapshot);
    panel.title->setText(sweepTitle(*panel.snapshot));
    m_header->setText(m_panels.size() == 1 ? tr("1 sweep") : tr("%1 sweeps, one chart per parameter").arg(m_panels.size()));
    const auto available = panel.snapshot->availableMetrics();
    if (!m_metricChosen || !available.contains(m_metric))
        m_metric = panel.snapshot->defaultMetric();
    m_clear->setEnabled(true);
    fillMetricPicker();
    redraw();
}

void BandwidthView::clear()
{
    for (auto& panel : m_panels)
        delete panel.box;
    m_panels.clear();
    m_latest = -1;
    m_header->setText(tr("No sweep yet: Run ▸ Sweep… runs the scenario over a parameter range on several devices."));
    m_clear->setEnabled(false);
    fillMetricPicker();
}

bool BandwidthView::setMetric(model::SweepMetric metric)
{
    const auto snapshot = latest();
    if (!snapshot || !snapshot->availableMetrics().contains(metric))
        return false;
    m_metric = metric;
    m_metricChosen = true;
    fillMetricPicker();
    redraw();
    return true;
}

void BandwidthView::setPercentOfTheoretical(bool percent) { m_percent->setChecked(percent); }

void BandwidthView::fillMetricPicker()
{
    const QSignalBlocker blocker(m_metricPicker);
    m_metricPicker->clear();
    const auto snapshot = latest();
    m_percent->setEnabled(snapshot && m_metric == model::SweepMetric::EffectiveBandwidth);
    if (!snapshot)
        return;
    for (const auto metric : snapshot->availableMetrics()) {
        m_metricPicker->addItem(model::sweepMetricName(metric), static_cast<int>(metric));
        if (metric == m_metric)
            m_metricPicker->setCurrentIndex(m_metricPicker->count() - 1);
    }
}

void BandwidthView::redraw()
{
    for (auto& panel : m_panels) {
        // A sweep without the chosen metric shows its own default.
        const auto metric = panel.snapshot->availableMetrics().contains(m_metric) ? m_metric : panel.snapshot->defaultMetric();
        panel.chart->show(panel.snapshot, metric, m_percent->isChecked() && m_percent->isEnabled());
    }
}

} // namespace views

#include "views/bandwidth/bandwidth_view.h"

#include "views/bandwidth/bandwidth_chart.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace views {

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
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_header, 1);
    bar->addWidget(new QLabel(tr("Metric:")));
    bar->addWidget(m_metricPicker);
    m_chart = new BandwidthChart;
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_chart, 1);
    connect(m_metricPicker, &QComboBox::activated, this, [this](int row) {
        setMetric(static_cast<model::SweepMetric>(m_metricPicker->itemData(row).toInt()));
    });
}

void BandwidthView::setSnapshot(std::shared_ptr<const model::SweepSnapshot> snapshot)
{
    m_snapshot = std::move(snapshot);
    if (m_snapshot) {
        m_header->setText(tr("%1 · %2 sweep on %3 device(s)%4")
                              .arg(QFileInfo(m_snapshot->scenarioFile).fileName(), m_snapshot->param)
                              .arg(m_snapshot->devices.size())
                              .arg(m_snapshot->timed ? QString() : tr(" · counters only: kernels not timed yet")));
        const auto available = m_snapshot->availableMetrics();
        if (!m_metricChosen || !available.contains(m_metric))
            m_metric = m_snapshot->defaultMetric();
    }
    fillMetricPicker();
    redraw();
}

bool BandwidthView::setMetric(model::SweepMetric metric)
{
    if (!m_snapshot || !m_snapshot->availableMetrics().contains(metric))
        return false;
    m_metric = metric;
    m_metricChosen = true;
    fillMetricPicker();
    redraw();
    return true;
}

void BandwidthView::fillMetricPicker()
{
    const QSignalBlocker blocker(m_metricPicker);
    m_metricPicker->clear();
    if (!m_snapshot)
        return;
    for (const auto metric : m_snapshot->availableMetrics()) {
        m_metricPicker->addItem(model::sweepMetricName(metric), static_cast<int>(metric));
        if (metric == m_metric)
            m_metricPicker->setCurrentIndex(m_metricPicker->count() - 1);
    }
}

void BandwidthView::redraw()
{
    m_chart->show(m_snapshot, m_metric);
}

} // namespace views

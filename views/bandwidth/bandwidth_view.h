#pragma once

#include "model/run/sweep_snapshot.h"

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;

namespace views {

class BandwidthChart;

/// The Bandwidth view: a sweep's metric against the swept parameter, one curve per device, with a metric
/// selector (only the metrics the sweep has data for) and a header naming the scenario. GUI thread only.
class BandwidthView : public QWidget {
    Q_OBJECT
public:
    explicit BandwidthView(QWidget* parent = nullptr);

    void setSnapshot(std::shared_ptr<const model::SweepSnapshot> snapshot);
    /// Shows `metric` when the sweep has it, and keeps it for later sweeps; false otherwise.
    bool setMetric(model::SweepMetric metric);
    model::SweepMetric metric() const { return m_metric; }
    BandwidthChart* chart() const { return m_chart; }
    QComboBox* metricPicker() const { return m_metricPicker; }

private:
    void setupWidgets();
    void fillMetricPicker();
    void redraw();

    std::shared_ptr<const model::SweepSnapshot> m_snapshot;
    model::SweepMetric m_metric = model::SweepMetric::LoadSectorsPerRequest;
    bool m_metricChosen = false; ///< the user picked m_metric: keep it for later sweeps that have it
    QLabel* m_header = nullptr;
    QComboBox* m_metricPicker = nullptr;
    BandwidthChart* m_chart = nullptr;
};

} // namespace views

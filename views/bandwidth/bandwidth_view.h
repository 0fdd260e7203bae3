#pragma once

#include "model/run/sweep_snapshot.h"

#include <QVector>
#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QSplitter;
class QToolButton;

namespace views {

class BandwidthChart;

/// The Bandwidth view: a sweep's metric against the swept parameter, one curve per device. Sweeps of
/// different parameters stay side by side, one chart each, stacked (the offset and the stride experiment of
/// the Best Practices Guide one above the other); a new sweep of a parameter already shown replaces its
/// chart. A metric selector (the metrics the latest sweep has data for), "% of theoretical" to put
/// generations on one scale, and Clear. GUI thread only.
class BandwidthView : public QWidget {
    Q_OBJECT
public:
    explicit BandwidthView(QWidget* parent = nullptr);

    void setSnapshot(std::shared_ptr<const model::SweepSnapshot> snapshot);
    /// Shows `metric` when the latest sweep has it, and keeps it for later sweeps; false otherwise.
    bool setMetric(model::SweepMetric metric);
    model::SweepMetric metric() const { return m_metric; }
    void setPercentOfTheoretical(bool percent);
    /// Removes every chart.
    void clear();

    /// The chart of the latest sweep (null before the first).
    BandwidthChart* chart() const;
    int chartCount() const { return static_cast<int>(m_panels.size()); }
    BandwidthChart* chartAt(int index) const { return m_panels.at(index).chart; }
    QComboBox* metricPicker() const { return m_metricPicker; }
    QCheckBox* percentBox() const { return m_percent; }

private:
    struct Panel {
        std::shared_ptr<const model::SweepSnapshot> snapshot;
        QWidget* box = nullptr;
        QLabel* title = nullptr;
        BandwidthChart* chart = nullptr;
    };

    void setupWidgets();
    void fillMetricPicker();
    void redraw();
    Panel& panelFor(const QString& param);
    std::shared_ptr<const model::SweepSnapshot> latest() const;

    QVector<Panel> m_panels;
    int m_latest = -1;
    model::SweepMetric m_metric = model::SweepMetric::LoadSectorsPerRequest;
    bool m_metricChosen = false; ///< the user picked m_metric: keep it for later sweeps that have it
    QLabel* m_header = nullptr;
    QComboBox* m_metricPicker = nullptr;
    QCheckBox* m_percent = nullptr;
    QToolButton* m_clear = nullptr;
    QSplitter* m_charts = nullptr;
};

} // namespace views

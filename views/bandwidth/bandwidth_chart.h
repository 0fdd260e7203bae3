#pragma once

#include "model/run/sweep_snapshot.h"

#include <QWidget>

#include <memory>

class QCustomPlot;
class QCPItemTracer;
class QCPItemStraightLine;
class QMouseEvent;

namespace views {

/// A sweep's metric against the swept parameter, one curve per device (the Best Practices Guide's
/// offset and stride figures), with each device's theoretical bandwidth as a dashed horizontal line when
/// the metric is bandwidth. Hovering snaps a tracer to the nearest point and shows a read-out.
/// GUI thread only.
class BandwidthChart : public QWidget {
    Q_OBJECT
public:
    explicit BandwidthChart(QWidget* parent = nullptr);

    /// With `percentOfTheoretical` (effective bandwidth only), each device's curve is drawn as a percentage of
    /// its own theoretical bandwidth, so generations whose bandwidths differ 40-fold share one scale.
    void show(std::shared_ptr<const model::SweepSnapshot> snapshot, model::SweepMetric metric,
        bool percentOfTheoretical = false);
    bool showsPercent() const { return m_percent; }
    QCustomPlot* plot() const { return m_plot; }
    /// The read-out for the point nearest to `pixel` (plot coordinates), or empty.
    QString readoutAt(QPointF pixel);

    /// A colour per device index, distinct for the first eight.
    static QColor deviceColor(int index);

protected:
    void changeEvent(QEvent* event) override;

private:
    void setupPlot();
    void createTracer();
    void applyTheme();
    void addDeviceCurve(const model::SweepSeries& series, int index);
    void addTheoreticalLine(const model::SweepSeries& series, int index);
    void addHundredPercentLine();
    void fitAxes();
    void onMouseMove(QMouseEvent* event);

    QCustomPlot* m_plot = nullptr;
    QCPItemTracer* m_tracer = nullptr;
    std::shared_ptr<const model::SweepSnapshot> m_snapshot;
    model::SweepMetric m_metric = model::SweepMetric::LoadSectorsPerRequest;
    bool m_percent = false;
};

} // namespace views

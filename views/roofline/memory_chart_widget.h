#pragma once

#include "model/roofline/roofline_run.h"

#include <QRectF>
#include <QWidget>

namespace views {

/// Nsight Compute's memory chart for one launch: the logical spaces the kernel addressed (global, shared), the
/// L1, the L2 and DRAM as boxes with their hit rates, and the host link; arrows labelled with requests, sectors
/// and bytes, coloured by their share of the link's peak. Which boxes exist follows the device's generation
/// (no L1 or L2 on CC 1.x; 128-byte L1 lines on 2.x). GUI thread only.
class MemoryChartWidget : public QWidget {
    Q_OBJECT
public:
    explicit MemoryChartWidget(QWidget* parent = nullptr);

    void showLaunch(const model::RooflineRun* run, const model::RooflineLaunch* launch);
    QSize sizeHint() const override;
    /// Where box `id` is drawn at the current size (empty when the chart has no such box).
    QRectF boxRect(const QString& id) const;
    /// The text of the arrow from `from` to `to`; empty when there is none.
    QString linkText(const QString& from, const QString& to) const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void paintLink(QPainter& painter, const engine::MemoryChartLink& link) const;
    void paintNode(QPainter& painter, const engine::MemoryChartNode& node) const;

    engine::MemoryChart m_chart;
    QString m_title;
};

} // namespace views

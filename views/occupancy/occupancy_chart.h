#pragma once

#include <QString>
#include <QWidget>

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;
class QCPTextElement;

namespace model {
struct OccupancySeries;
}

namespace views {

/// One graph of the occupancy calculator: occupancy (left axis, %) and active warps per SM (right axis)
/// against one input, as a step graph, with the current configuration marked by a diamond, a dashed
/// vertical line and a label. GUI thread only.
class OccupancyChart : public QWidget {
    Q_OBJECT
public:
    enum class XUnit { Count, Bytes };

    OccupancyChart(const QString& title, const QString& xLabel, XUnit xUnit, QWidget* parent = nullptr);

    /// Redraws with `series`; the marker sits at (series.currentX, currentPercent).
    void setSeries(const model::OccupancySeries& series, double currentPercent, int maxWarpsPerSm,
        const QString& markerText);

    QCustomPlot* plot() const { return m_plot; }
    QCPGraph* curve() const { return m_curve; }
    QCPGraph* marker() const { return m_marker; }
    QCPItemStraightLine* markerLine() const { return m_markerLine; }
    QCPItemText* markerLabel() const { return m_markerLabel; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void setupPlot(const QString& title, const QString& xLabel, XUnit xUnit);
    void applyTheme();
    void setAxisRanges(double maxX, int maxWarpsPerSm);
    void placeMarker(double x, const QString& text);

    XUnit m_xUnit = XUnit::Count;
    QCustomPlot* m_plot = nullptr;
    QCPTextElement* m_title = nullptr;
    QCPGraph* m_curve = nullptr;
    QCPGraph* m_marker = nullptr;
    QCPItemStraightLine* m_markerLine = nullptr;
    QCPItemText* m_markerLabel = nullptr;
};

} // namespace views

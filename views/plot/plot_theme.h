#pragma once

#include <QColor>
#include <QFont>
#include <QPalette>

class QCustomPlot;
class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;

namespace views {

/// The look of every warpscope chart, derived from the widget palette so it follows light and dark
/// themes. Charts re-apply it on QEvent::PaletteChange. GUI thread only.
struct PlotTheme {
    QColor background;
    QColor foreground; ///< axes, tick labels, axis labels
    QColor grid;
    QColor subGrid;
    QColor curve; ///< a measured or computed series
    QColor curveFill;
    QColor marker; ///< the current configuration
    QFont tickFont;
    QFont labelFont;
    QFont titleFont;

    static PlotTheme fromPalette(const QPalette& palette, const QFont& baseFont);

    /// Background, axes, grids and fonts of the plot and its four axes.
    void applyTo(QCustomPlot& plot) const;
    void styleCurve(QCPGraph& graph) const;
    void styleMarker(QCPGraph& graph) const;
    void styleMarkerLine(QCPItemStraightLine& line) const;
    void styleMarkerLabel(QCPItemText& label) const;
};

} // namespace views

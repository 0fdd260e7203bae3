#include "views/plot/plot_theme.h"

#include "views/plot/qcustomplot.h"

namespace views {

namespace {

QColor mix(const QColor& a, const QColor& b, double weightOfB)
{
    const double weightOfA = 1.0 - weightOfB;
    return QColor::fromRgbF(static_cast<float>(a.redF() * weightOfA + b.redF() * weightOfB),
        static_cast<float>(a.greenF() * weightOfA + b.greenF() * weightOfB),
        static_cast<float>(a.blueF() * weightOfA + b.blueF() * weightOfB));
}

void styleAxis(QCPAxis& axis, const PlotTheme& theme)
{
    const QPen axisPen(theme.foreground, 1);
    axis.setBasePen(axisPen);
    axis.setTickPen(axisPen);
    axis.setSubTickPen(axisPen);
    axis.setTickLabelColor(theme.foreground);
    axis.setLabelColor(theme.foreground);
    axis.setTickLabelFont(theme.tickFont);
    axis.setLabelFont(theme.labelFont);
    axis.grid()->setPen(QPen(theme.grid, 1, Qt::SolidLine));
    axis.grid()->setSubGridPen(QPen(theme.subGrid, 1, Qt::DotLine));
    axis.grid()->setZeroLinePen(Qt::NoPen);
}

} // namespace

PlotTheme PlotTheme::fromPalette(const QPalette& palette, const QFont& baseFont)
{
    PlotTheme theme;
    theme.background = palette.color(QPalette::Base);
    theme.foreground = palette.color(QPalette::Text);
    theme.grid = mix(theme.background, theme.foreground, 0.18);
    theme.subGrid = mix(theme.background, theme.foreground, 0.08);
    const bool dark = theme.background.lightnessF() < 0.5;
    theme.curve = dark ? QColor(0x6c, 0xb4, 0xee) : QColor(0x1f, 0x6f, 0xb5);
    theme.curveFill = theme.curve;
    theme.curveFill.setAlphaF(0.15f);
    theme.marker = dark ? QColor(0xff, 0x8a, 0x3d) : QColor(0xd9, 0x48, 0x0f);
    theme.tickFont = baseFont;
    theme.labelFont = baseFont;
    theme.titleFont = baseFont;
    theme.titleFont.setBold(true);
    theme.titleFont.setPointSizeF(baseFont.pointSizeF() * 1.1);
    return theme;
}

void PlotTheme::applyTo(QCustomPlot& plot) const
{
    plot.setBackground(background);
    plot.axisRect()->setBackground(background);
    for (auto* axis : plot.axisRect()->axes())
        styleAxis(*axis, *this);
}

void PlotTheme::styleCurve(QCPGraph& graph) const
{
    graph.setPen(QPen(curve, 2));
    graph.setBrush(curveFill);
}

void PlotTheme::styleMarker(QCPGraph& graph) const
{
    graph.setPen(QPen(marker, 2));
    graph.setBrush(Qt::NoBrush);
    graph.setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(marker, 2), QBrush(marker), 13));
}

void PlotTheme::styleMarkerLine(QCPItemStraightLine& line) const
{
    line.setPen(QPen(marker, 1.5, Qt::DashLine));
}

void PlotTheme::styleMarkerLabel(QCPItemText& label) const
{
    label.setColor(marker);
    QFont font = labelFont;
    font.setBold(true);
    label.setFont(font);
    QColor fill = background;
    fill.setAlphaF(0.85f);
    label.setBrush(fill);
    label.setPadding(QMargins(4, 2, 4, 2));
}

} // namespace views

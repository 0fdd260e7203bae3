#pragma once

#include <QString>
#include <QVector>

namespace views {

/// The Stream view's horizontal mapping between time (µs from the start of the run) and pixels, with wheel
/// zoom about a pixel and drag pan. Plain data: no widget, so it is unit-tested on numbers (STYLE.md 10).
struct TimeAxis {
    double startUs = 0; ///< the time at pixel `leftPx`
    double usPerPixel = 1;
    double leftPx = 0; ///< where the time area begins (right of the row labels)

    double toPixel(double us) const { return leftPx + (us - startUs) / usPerPixel; }
    double toTime(double px) const { return startUs + (px - leftPx) * usPerPixel; }

    /// Shows [fromUs, toUs] across `widthPx` pixels with a small margin on both sides.
    void fit(double fromUs, double toUs, double widthPx);
    /// Zooms in by `factor` (> 1) or out (< 1), keeping the time under `anchorPx` where it is.
    void zoom(double factor, double anchorPx);
    /// Moves the content `deltaPx` pixels to the right (a drag to the right shows earlier times).
    void pan(double deltaPx);
    /// Tick times of a 1-2-5 step at least `minSpacingPx` apart within `widthPx` pixels from leftPx.
    QVector<double> ticks(double widthPx, double minSpacingPx) const;
    /// The tick step ticks() uses, in µs.
    double tickStepUs(double minSpacingPx) const;
};

/// A duration for people: "850 ns", "12.5 µs", "1.25 ms", "2.00 s".
QString formatMicroseconds(double us);

} // namespace views

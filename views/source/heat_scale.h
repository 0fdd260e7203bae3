#pragma once

#include <QColor>

namespace views {

/// The Source view's heat colours: cold lines keep the base colour, warm ones blend through yellow to red,
/// like Nsight Compute's source heat map. Plain value type; tested.
struct HeatScale {
    QColor base { Qt::white };

    /// The row colour for `heat` (clamped to 0..1): `base` at 0, yellow at 0.5, red at 1.
    QColor colorAt(double heat) const;
};

} // namespace views

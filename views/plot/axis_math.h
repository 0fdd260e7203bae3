#pragma once

#include "model/chart/tick_steps.h"

#include <QString>

namespace views {

using model::niceBinaryStep;
using model::niceDecimalStep;

/// Bytes for people: "512 B", "48 KiB", "1.5 KiB", "2 MiB" (binary units, at most one decimal).
QString formatBytes(double bytes);

/// A percentage for people: "100 %", "87.5 %" (one decimal only when it is not whole).
QString formatPercent(double percent);

/// The spin-box step for shared memory: the smallest multiple of the allocation unit that is at least 1 KiB.
int sharedMemorySpinStep(int allocationUnitBytes);

/// [lower, upper] of an axis showing data from `minimum` to `maximum`, widened by `fraction` of the span
/// on each side so markers at the ends are not cut in half.
struct AxisRange {
    double lower = 0;
    double upper = 0;
};
AxisRange paddedRange(double minimum, double maximum, double fraction);

} // namespace views

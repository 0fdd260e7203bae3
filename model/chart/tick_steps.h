#pragma once

namespace model {

/// A tick step of 1, 2 or 5 times a power of ten that gives about `targetTicks` ticks over `range`.
double niceDecimalStep(double range, int targetTicks);

/// The power-of-two tick step (at least 1) nearest, on a log scale, to `range` / `targetTicks`;
/// for quantities GPUs hand out in powers of two: threads, registers, bytes.
double niceBinaryStep(double range, int targetTicks);

} // namespace model

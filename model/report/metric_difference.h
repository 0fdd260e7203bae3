#pragma once

#include <optional>
#include <string_view>

namespace model {

/// One metric of two launches side by side (run A against run B, or measured against modeled), like
/// Nsight Compute's baseline columns.
struct MetricDifference {
    std::string_view key; ///< the `run --json` key
    std::string_view label;
    std::optional<double> a; ///< the baseline: run A, or the measured value
    std::optional<double> b; ///< run B, or the model's value

    /// b − a, when both exist.
    std::optional<double> difference() const
    {
        return a && b ? std::optional(*b - *a) : std::nullopt;
    }
    /// (b − a) / a, when both exist and a ≠ 0.
    std::optional<double> relative() const
    {
        return a && b && *a != 0.0 ? std::optional((*b - *a) / *a) : std::nullopt;
    }
};

} // namespace model

#pragma once

#include <string>
#include <vector>

namespace calibration {

/// One comparison: a scenario on a device, and the number to compare the model's with.
struct Case {
    std::string group; ///< table the row goes in
    std::string label;
    std::string device;
    std::string scenario; ///< JSON text: a warm-up launch, then the measured launch
    bool compareTime = true; ///< true: reference is a time in us; false: an effective bandwidth in GB/s
    double reference = 0;
    double bytes = 0; ///< Br + Bw for GB/s comparisons (the convention the table states)
};

/// The H100 CUDA-event medians of bench/hardware/h100/kernel_times.csv (every point, or every `step`-th
/// offset/stride when `quick`).
std::vector<Case> h100Cases(const std::string& sourceDir, bool quick);
/// The Best Practices Guide's published numbers (DIGEST §8).
std::vector<Case> seedCases(const std::string& sourceDir);

} // namespace calibration

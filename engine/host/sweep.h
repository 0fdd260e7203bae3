#pragma once

#include "engine/common/result.h"
#include "engine/device/device_catalog.h"
#include "engine/host/int_expression.h"
#include "engine/host/run_report.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <stop_token>
#include <string>
#include <vector>

namespace engine {

class KernelExecutor;

/// A parameter range: FROM..TO inclusive by STEP ("offset=0:32", "stride=1:32:1").
struct SweepRange {
    std::string param;
    std::int64_t from = 0;
    std::int64_t to = 0;
    std::int64_t step = 1;

    std::vector<std::int64_t> values() const;
};

/// Parses "NAME=FROM:TO[:STEP]"; InvalidArgument naming what is wrong.
Result<SweepRange> parseSweepRange(const std::string& text);

/// One point of a sweep: a device and a parameter value, and what the run produced.
struct SweepRun {
    std::string device;
    std::int64_t value = 0;
    RunReport report;
};

struct SweepOptions {
    unsigned threads = 0; ///< 0: one per hardware thread of the affinity mask (usableCores())
    std::stop_token stop;
    /// Called from the worker threads, one call at a time, after each point: "h100 offset=3".
    std::function<void(std::size_t done, std::size_t total, const std::string& point)> progress;
    /// Called from the worker threads, one call at a time, with each point as it finishes and its place in
    /// the result (`index`): a recorder commits it at once, so a stopped or killed sweep keeps what finished.
    std::function<void(std::size_t index, const SweepRun& point)> onPoint;
    /// Parameter values every point uses besides the swept one (--set); the swept parameter wins.
    ParamValues overrides;
    std::uint64_t instructionBudget = 2'000'000'000; ///< warp instructions per launch (RunOptions)
    /// Makes the executor each worker uses (functional, or a timing model).
    std::function<std::unique_ptr<KernelExecutor>()> makeExecutor;
};

/// Runs `scenario` for every device × value, points in parallel on `options.threads` workers. Each point is
/// an independent run, so the results do not depend on the thread count; they come back ordered by device
/// (as given) then value. The first failing point's error (naming device and value) stops the sweep.
Result<std::vector<SweepRun>> runSweep(const std::filesystem::path& scenario, const SweepRange& range,
    const std::vector<std::string>& devices, const DeviceCatalog& catalog, const SweepOptions& options);

} // namespace engine

#pragma once

#include "engine/trace/run_info.h"
#include "engine/trace/trace_events.h"

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace model {

// Immutable answers of TraceReader: plain structs a worker thread builds and hands to the GUI thread.
// Ids are the database's (runs.id, launches.id), stable for the file's lifetime.

/// One complete run, as a run list shows it.
struct RunRow {
    std::int64_t id = 0;
    std::string date; ///< ISO 8601 UTC
    std::string toolVersion;
    std::string deviceId;
    std::string deviceName;
    std::string scenarioPath;
    std::vector<std::pair<std::string, std::int64_t>> parameters; ///< sorted by name
    std::string sampling;
    double totalTimeUs = 0;
    std::int64_t launchCount = 0;
    std::int64_t sweepPointCount = 0; ///< a sweep's points (its run records no launches); 0 for a plain run
    std::int64_t sweepDeviceCount = 0; ///< the devices those points ran on
    std::int64_t sweepPointsPlanned = 0; ///< the points the sweep was to have: more than it holds when stopped
};

/// What a run was made of: the texts needed to reproduce or show it.
struct RunDetail {
    RunRow run;
    std::string deviceProfileJson;
    std::string scenarioText;
    std::vector<engine::ModuleRecord> modules;
    std::vector<engine::KernelRecord> kernels;
};

struct LaunchRow {
    std::int64_t id = 0; ///< launches.id
    engine::LaunchInfo info;
    std::string kernelName;
    engine::LaunchSummary summary;
    std::uint64_t intervalCount = 0;
    std::uint64_t lastCycle = 0; ///< the end of the latest recorded warp interval
    std::uint64_t maxIntervalCycles = 0; ///< the longest recorded interval
    std::uint64_t printfDropped = 0; ///< device printf lines the full printf buffer overwrote
};

/// Per-line totals: the per-PC counters summed over the PCs of one PTX line.
struct LineCounterRow {
    std::uint32_t ptxLine = 0;
    std::uint64_t warpInstructions = 0;
    std::uint64_t threadInstructions = 0;
    std::uint64_t transactions = 0;
    std::uint64_t sectors = 0;
    std::uint64_t wavefronts = 0;
    std::uint64_t stallCycles = 0;
};

/// The recorded memory requests of a launch of one state space and kind, summed.
struct RequestTotalsRow {
    engine::RequestSpace space = engine::RequestSpace::Global;
    engine::RequestKind kind = engine::RequestKind::Load;
    std::uint64_t requests = 0;
    std::uint64_t bytes = 0; ///< requested by the active lanes
    std::uint64_t transactions = 0;
    std::uint64_t sectors = 0;
    std::uint64_t wavefronts = 0; ///< the sum of the requests' conflict degrees
};

/// A window of a launch's timeline, `columns` pixels wide.
struct TimelineRequest {
    std::int64_t launchId = 0;
    std::uint64_t startCycle = 0;
    std::uint64_t endCycle = 0; ///< exclusive
    std::uint32_t columns = 1000; ///< how many buckets per SM row the caller can draw
};

/// Cycles spent per warp state by the warps of one SM during [startCycle, endCycle).
struct TimelineBucket {
    engine::SmId sm;
    std::uint64_t startCycle = 0;
    std::uint64_t endCycle = 0;
    std::array<std::uint64_t, engine::kWarpStateCount> stateCycles {};
};

/// The answer: the intervals themselves when the window holds few enough, else per-SM buckets
/// (level of detail) no narrower than the stored summary's resolution.
struct TimelineWindow {
    bool aggregated = false;
    std::vector<engine::WarpInterval> intervals; ///< when !aggregated, ordered by start cycle
    std::vector<TimelineBucket> buckets; ///< when aggregated, ordered by SM then time; empty buckets left out
};

} // namespace model

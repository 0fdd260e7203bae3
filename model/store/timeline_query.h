#pragma once

#include "engine/common/result.h"
#include "model/store/trace_snapshots.h"

#include <functional>

namespace model {

class SqliteDatabase;

/// A window of a launch's warp timeline with level of detail: up to
/// IntervalSummaryBuilder::kMaxRawIntervals intervals come back as they are; a window holding more is
/// answered from the launch's stored summary as per-SM buckets, `request.columns` per row at most, so
/// a zoomed-out view of millions of intervals reads a few blobs. Reader thread.
engine::Result<TimelineWindow> queryTimeline(const SqliteDatabase& db, const TimelineRequest& request);

/// Every recorded interval of a launch in start-cycle order, one at a time (exports of whole timelines,
/// which must not hold millions of intervals in memory). Reader thread.
std::optional<engine::Error> scanIntervals(const SqliteDatabase& db, std::int64_t launchId,
    const std::function<void(const engine::WarpInterval&)>& onInterval);

} // namespace model

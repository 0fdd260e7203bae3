#include "model/store/timeline_query.h"

#include "model/store/interval_summary_builder.h"
#include "model/store/launch_queries.h"
#include "model/store/query_rows.h"
#include "model/store/summary_rebinner.h"

#include <algorithm>

namespace model {

namespace {

constexpr const char* kWindowSql
    = "SELECT start_cycle, duration_cycles, sm, block, warp, state FROM warp_intervals WHERE launch_id = ?1"
      " AND start_cycle >= ?2 AND start_cycle < ?3 AND start_cycle + duration_cycles > ?4 ORDER BY start_cycle, seq"
      " LIMIT ?5";

engine::WarpInterval intervalRow(const SqliteStatement& s)
{
    engine::WarpInterval interval;
    interval.startCycle = static_cast<std::uint64_t>(s.columnInt(0));
    interval.endCycle = interval.startCycle + static_cast<std::uint64_t>(s.columnInt(1));
    interval.sm = engine::SmId(static_cast<std::uint16_t>(s.columnInt(2)));
    interval.block = engine::BlockId(static_cast<std::uint32_t>(s.columnInt(3)));
    interval.warp = engine::WarpId(static_cast<std::uint16_t>(s.columnInt(4)));
    interval.state = static_cast<engine::WarpState>(std::min<std::int64_t>(s.columnInt(5), engine::kWarpStateCount - 1));
    return interval;
}

/// The intervals overlapping the window, at most `limit`. An interval overlapping the window started at
/// most maxIntervalCycles before it, which bounds the index range to read.
engine::Result<std::vector<engine::WarpInterval>> readIntervals(const SqliteDatabase& db, const TimelineRequest& request,
    std::uint64_t maxIntervalCycles, std::int64_t limit)
{
    auto statement = SqliteStatement::prepare(db, kWindowSql);
    if (!statement)
        return statement.error();
    const auto from = request.startCycle > maxIntervalCycles ? request.startCycle - maxIntervalCycles : 0;
    statement.value().bind(1, request.launchId);
    statement.value().bind(2, static_cast<std::int64_t>(from));
    statement.value().bind(3, static_cast<std::int64_t>(request.endCycle));
    statement.value().bind(4, static_cast<std::int64_t>(request.startCycle));
    statement.value().bind(5, limit);
    std::vector<engine::WarpInterval> intervals;
    if (auto error = forEachRow(db, statement.value(), [&](const SqliteStatement& s) { intervals.push_back(intervalRow(s)); }))
        return *error;
    return intervals;
}

std::uint64_t columnCycles(const TimelineRequest& request)
{
    const auto width = request.endCycle - request.startCycle;
    const auto columns = std::max<std::uint64_t>(request.columns, 1);
    return std::max<std::uint64_t>((width + columns - 1) / columns, 1);
}

engine::Result<TimelineWindow> readSummary(const SqliteDatabase& db, const TimelineRequest& request)
{
    auto statement = SqliteStatement::prepare(db,
        "SELECT sm, bucket_cycles, state_count, state_cycles FROM interval_summary WHERE launch_id = ?1 ORDER BY sm");
    if (!statement)
        return statement.error();
    statement.value().bind(1, request.launchId);
    std::optional<SummaryRebinner> rebinner;
    auto error = forEachRow(db, statement.value(), [&](const SqliteStatement& s) {
        const auto bucketCycles = static_cast<std::uint64_t>(s.columnInt(1));
        // Never finer than the summary: a column narrower than a bucket would invent detail.
        if (!rebinner)
            rebinner.emplace(request.startCycle, request.endCycle, std::max(bucketCycles, columnCycles(request)));
        rebinner->addRow(engine::SmId(static_cast<std::uint16_t>(s.columnInt(0))), bucketCycles,
            static_cast<std::uint32_t>(s.columnInt(2)), s.columnBlob(3));
    });
    if (error)
        return *error;
    TimelineWindow window;
    window.aggregated = true;
    if (rebinner)
        window.buckets = rebinner->take();
    return window;
}

} // namespace

engine::Result<TimelineWindow> queryTimeline(const SqliteDatabase& db, const TimelineRequest& request)
{
    auto launch = queryLaunch(db, request.launchId);
    if (!launch)
        return launch.error();
    if (request.endCycle <= request.startCycle)
        return TimelineWindow {};
    constexpr auto kLimit = static_cast<std::int64_t>(IntervalSummaryBuilder::kMaxRawIntervals);
    auto intervals = readIntervals(db, request, launch->maxIntervalCycles, kLimit + 1);
    if (!intervals)
        return intervals.error();
    if (static_cast<std::int64_t>(intervals->size()) <= kLimit || launch->intervalCount <= static_cast<std::uint64_t>(kLimit)) {
        TimelineWindow window;
        window.intervals = std::move(intervals).value();
        return window;
    }
    return readSummary(db, request);
}

std::optional<engine::Error> scanIntervals(const SqliteDatabase& db, std::int64_t launchId,
    const std::function<void(const engine::WarpInterval&)>& onInterval)
{
    auto statement = SqliteStatement::prepare(db,
        "SELECT start_cycle, duration_cycles, sm, block, warp, state FROM warp_intervals WHERE launch_id = ?1"
        " ORDER BY start_cycle, seq");
    if (!statement)
        return statement.error();
    statement.value().bind(1, launchId);
    return forEachRow(db, statement.value(), [&](const SqliteStatement& s) { onInterval(intervalRow(s)); });
}

} // namespace model

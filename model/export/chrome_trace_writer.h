#pragma once

#include "engine/common/result.h"

#include <cstdint>
#include <optional>
#include <ostream>

namespace model {

class TraceReader;

/// Writes run `runId` of a trace file as a Chrome trace-event document (the JSON Object Format:
/// {"traceEvents": [...], "displayTimeUnit": "ns"}), which Perfetto and chrome://tracing open:
///  - process "Host timeline": one track per stream with its copies, kernels and memsets as complete
///    ("X") events and its event records/waits as instant events, plus one track per copy engine
///    (one shared engine when the device has a single copy engine);
///  - one process per launch and SM: one track per warp (block b, warp w) with its state intervals.
/// Times are microseconds on the run's host timeline, rounded to whole nanoseconds so that back-to-back
/// events on a track abut exactly and events on a track nest. Events are written as they are read, so a
/// run of millions of intervals never sits in memory. Errors name the trace file.
std::optional<engine::Error> writeChromeTrace(const TraceReader& reader, std::int64_t runId, std::ostream& out);

} // namespace model

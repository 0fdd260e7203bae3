#pragma once

#include "engine/common/result.h"
#include "model/run/run_snapshot.h"

#include <cstdint>

namespace model {

class TraceReader;

/// A run of a session database as the views show a fresh run: launch summaries (with exact load/store
/// efficiency from the recorded bytes) and the stream timeline, for reopening a session. Reader thread.
engine::Result<RunSnapshot> loadStoredRunSnapshot(const TraceReader& reader, std::int64_t runId);

} // namespace model

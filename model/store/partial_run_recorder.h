#pragma once

#include "engine/common/result.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/run_recording.h"
#include "engine/host/run_report.h"
#include "engine/trace/run_info.h"

#include <cstdint>
#include <memory>
#include <string>

namespace model {

class NewLaunchFilter;
class TraceWriter;

/// Records a run in flight launch by launch into a scratch database of its own, so that views which read
/// databases (the Warp Timeline, the Roofline) show the finished launches while the rest run. Each record()
/// adds the launches finished since the one before and commits the run as complete so far
/// (TraceWriter::checkpointRun): readers see an ordinary run of those launches. The scratch database is never the
/// session database, which still takes the whole run at its end (recordScenarioRun) — a cancelled or failed run
/// leaves nothing there. Worker thread; one recorder per run.
class PartialRunRecorder {
public:
    /// Opens (or creates) the scratch database `dbPath`; nothing is written before the first record(). Errors
    /// name the file. `prepared` must outlive the recorder.
    static engine::Result<PartialRunRecorder> open(const std::string& dbPath, const engine::PreparedScenario& prepared);

    PartialRunRecorder(PartialRunRecorder&&) noexcept;
    PartialRunRecorder& operator=(PartialRunRecorder&&) noexcept;
    ~PartialRunRecorder();

    /// Adds the launches of `soFar` (the report of the steps done, as RunOptions::launchFinished hands it) not
    /// recorded yet, waits for their commit and returns the run's id. After an error the recorder records no more.
    engine::Result<std::int64_t> record(const engine::RunReport& soFar);
    const std::string& path() const { return m_path; }

private:
    PartialRunRecorder(std::unique_ptr<TraceWriter> writer, const engine::PreparedScenario& prepared);

    std::string m_path;
    std::unique_ptr<TraceWriter> m_writer;
    std::unique_ptr<NewLaunchFilter> m_filter; ///< in front of m_writer
    const engine::PreparedScenario* m_prepared = nullptr;
    engine::ModuleRecord m_module; ///< read once, not for every record()
    engine::RecordingContext m_context; ///< dated at the first record()
    bool m_failed = false;
};

} // namespace model

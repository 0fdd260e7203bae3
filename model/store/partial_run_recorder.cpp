#include "model/store/partial_run_recorder.h"

#include "engine/device/profile_text.h"
#include "model/store/new_launch_filter.h"
#include "model/store/run_recorder.h"
#include "model/store/trace_writer.h"

namespace model {

engine::Result<PartialRunRecorder> PartialRunRecorder::open(
    const std::string& dbPath, const engine::PreparedScenario& prepared)
{
    auto writer = TraceWriter::open(dbPath);
    if (!writer)
        return writer.error();
    return PartialRunRecorder(std::move(writer).value(), prepared);
}

PartialRunRecorder::PartialRunRecorder(std::unique_ptr<TraceWriter> writer, const engine::PreparedScenario& prepared)
    : m_path(writer->path())
    , m_writer(std::move(writer))
    , m_filter(std::make_unique<NewLaunchFilter>(*m_writer))
    , m_prepared(&prepared)
    , m_module(engine::scenarioModuleRecord(prepared.scenario, prepared.module, *prepared.profile))
    , m_context { {}, WARPSCOPE_VERSION, engine::profileText(*prepared.profile), prepared.profile->name }
{
}

PartialRunRecorder::PartialRunRecorder(PartialRunRecorder&&) noexcept = default;
PartialRunRecorder& PartialRunRecorder::operator=(PartialRunRecorder&&) noexcept = default;
// The writer closes with the run open: it stays as of its last checkpoint, the launches recorded so far.
PartialRunRecorder::~PartialRunRecorder() = default;

engine::Result<std::int64_t> PartialRunRecorder::record(const engine::RunReport& soFar)
{
    if (m_failed)
        return engine::Error { engine::ErrorCode::IoError, m_path + ": an earlier launch could not be recorded" };
    if (m_context.date.empty())
        m_context.date = utcNow();
    // recordRun sends the whole run so far; the filter passes on its new launches and makes endRun a checkpoint.
    engine::recordRun(soFar, m_prepared->scenario, m_prepared->module, m_module, m_context, *m_filter);
    auto committed = m_writer->flush();
    if (!committed)
        m_failed = true;
    return committed;
}

} // namespace model

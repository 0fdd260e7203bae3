#include "model/store/run_recorder.h"

#include "engine/device/profile_text.h"
#include "engine/host/run_recording.h"
#include "model/store/trace_writer.h"

#include <chrono>
#include <ctime>

namespace model {

std::string utcNow()
{
    const auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm utc {};
    gmtime_r(&now, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

engine::Result<std::int64_t> recordScenarioRun(
    const std::string& dbPath, const engine::RunReport& report, const engine::PreparedScenario& prepared)
{
    auto writer = TraceWriter::open(dbPath);
    if (!writer)
        return writer.error();
    const engine::RecordingContext context {
        utcNow(), WARPSCOPE_VERSION, engine::profileText(*prepared.profile), prepared.profile->name};
    engine::recordRun(report, prepared.scenario, prepared.module,
        engine::scenarioModuleRecord(prepared.scenario, prepared.module, *prepared.profile), context, *writer.value());
    return writer.value()->flush();
}

} // namespace model

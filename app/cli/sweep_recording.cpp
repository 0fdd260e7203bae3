#include "app/cli/sweep_recording.h"

#include "app/cli/arg_parser.h"

#ifdef WARPSCOPE_CLI_HAS_STORE
#include "model/store/sweep_recorder.h"
#endif

namespace app::cli {

#ifdef WARPSCOPE_CLI_HAS_STORE
struct SweepRecording::Recorder {
    model::SweepRecorder recorder;
};
#else
struct SweepRecording::Recorder { };
#endif

engine::Result<std::unique_ptr<SweepRecording>> SweepRecording::open(const std::string& dbPath,
    const std::filesystem::path& scenario, const engine::SweepRange& range, const engine::DeviceProfile& first,
    std::size_t plannedPoints)
{
#ifdef WARPSCOPE_CLI_HAS_STORE
    auto opened = model::SweepRecorder::open(dbPath, scenario, range, first, plannedPoints);
    if (!opened)
        return opened.error();
    return std::unique_ptr<SweepRecording>(new SweepRecording(
        std::make_unique<Recorder>(Recorder {std::move(opened).value()}), dbPath));
#else
    (void)dbPath, (void)scenario, (void)range, (void)first, (void)plannedPoints;
    throw UsageError("--db needs the trace store, which this build leaves out (WARPSCOPE_BUILD_GUI=OFF)");
#endif
}

SweepRecording::SweepRecording(std::unique_ptr<Recorder> recorder, std::string dbPath)
    : m_recorder(std::move(recorder))
    , m_dbPath(std::move(dbPath))
{
}

SweepRecording::~SweepRecording() = default;

void SweepRecording::attach(engine::SweepOptions& options)
{
    options.stop = m_stop.get_token();
    options.onPoint = [this](std::size_t index, const engine::SweepRun& point) {
#ifdef WARPSCOPE_CLI_HAS_STORE
        if (m_error)
            return;
        m_error = m_recorder->recorder.add(index, point);
        if (m_error)
            m_stop.request_stop();
#else
        (void)index, (void)point;
#endif
    };
}

void SweepRecording::describe(std::ostream& out) const
{
#ifdef WARPSCOPE_CLI_HAS_STORE
    const auto& recorder = m_recorder->recorder;
    const auto recorded = recorder.recordedPoints();
    if (recorded == 0)
        return;
    out << "recorded ";
    if (recorded != recorder.plannedPoints())
        out << recorded << " of " << recorder.plannedPoints() << " point(s) ";
    out << "as run " << recorder.runId() << " in " << m_dbPath << '\n';
#else
    (void)out;
#endif
}

} // namespace app::cli

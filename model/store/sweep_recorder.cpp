#include "model/store/sweep_recorder.h"

#include "engine/device/profile_text.h"
#include "engine/host/simulated_share.h"
#include "model/store/run_recorder.h"
#include "model/store/trace_writer.h"

#include <fstream>
#include <sstream>

namespace model {

namespace {

engine::SweepPoint sweepRow(std::size_t index, const engine::SweepRun& point)
{
    engine::SweepPoint row;
    row.index = static_cast<std::uint32_t>(index);
    row.deviceId = point.device;
    for (const auto& [name, value] : point.report.params)
        row.parameters.emplace_back(name, value);
    row.totalTimeUs = point.report.totalTimeUs;
    // best-practices-guide-v8.0.txt §8.2.2: ((Br + Bw) / 10^9) / time, over the point's kernels (as the
    // Bandwidth view's sweep snapshot computes it).
    double bytes = 0;
    double time = 0;
    for (const auto& launch : point.report.launches) {
        bytes += static_cast<double>(
            launch.outcome.memory.globalLoadBytesRequested + launch.outcome.memory.globalStoreBytesRequested);
        time += launch.outcome.timeUs.value_or(0.0);
    }
    row.effectiveBandwidthGbps = time > 0 ? bytes / 1e3 / time : 0.0;
    row.simulatedShare = engine::simulatedShare(point.report);
    return row;
}

} // namespace

engine::Result<SweepRecorder> SweepRecorder::open(const std::string& dbPath, const std::filesystem::path& scenario,
    const engine::SweepRange& range, const engine::DeviceProfile& firstDevice, std::size_t plannedPoints)
{
    auto writer = TraceWriter::open(dbPath);
    if (!writer)
        return writer.error();
    engine::RunInfo info;
    info.date = utcNow();
    info.toolVersion = WARPSCOPE_VERSION;
    info.deviceId = firstDevice.id;
    info.deviceName = firstDevice.name;
    info.deviceProfileJson = engine::profileText(firstDevice);
    info.scenarioPath = scenario.string();
    std::ifstream in(scenario, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    info.scenarioText = text.str();
    info.sweepPointsPlanned = static_cast<std::uint32_t>(plannedPoints);
    return SweepRecorder(std::move(writer).value(), std::move(info), range.param, range.from);
}

SweepRecorder::SweepRecorder(
    std::unique_ptr<TraceWriter> writer, engine::RunInfo info, std::string sweptParam, std::int64_t firstValue)
    : m_writer(std::move(writer))
    , m_info(std::move(info))
    , m_sweptParam(std::move(sweptParam))
    , m_firstValue(firstValue)
{
}

SweepRecorder::SweepRecorder(SweepRecorder&&) noexcept = default;
SweepRecorder& SweepRecorder::operator=(SweepRecorder&&) noexcept = default;

SweepRecorder::~SweepRecorder()
{
    // Every point is already committed; ending the run only closes it (a writer destroyed with its run open
    // would discard it).
    if (m_writer && m_recorded > 0 && !m_failed) {
        m_writer->endRun(engine::RunSummary {m_totalTimeUs});
        (void)m_writer->flush();
    }
}

std::optional<engine::Error> SweepRecorder::add(std::size_t index, const engine::SweepRun& point)
{
    if (m_failed)
        return engine::Error {engine::ErrorCode::IoError, m_writer->path() + ": an earlier point could not be recorded"};
    if (m_recorded == 0) {
        // The run's parameters are the first point's, with the swept one at the range's start: the same
        // whichever point finishes first.
        for (const auto& [name, value] : point.report.params)
            m_info.parameters.emplace_back(name, name == m_sweptParam ? m_firstValue : value);
        m_writer->beginRun(m_info);
    }
    const engine::SweepPoint row = sweepRow(index, point);
    m_writer->sweepPoints({&row, 1});
    m_totalTimeUs += row.totalTimeUs;
    m_writer->checkpointRun(engine::RunSummary {m_totalTimeUs});
    const auto committed = m_writer->flush();
    if (!committed) {
        m_failed = true;
        return committed.error();
    }
    m_runId = *committed;
    ++m_recorded;
    return std::nullopt;
}

} // namespace model

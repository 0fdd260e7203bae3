#pragma once

#include "engine/common/result.h"
#include "engine/device/device_profile.h"
#include "engine/host/sweep.h"
#include "engine/trace/run_info.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace model {

class TraceWriter;

/// Records a sweep into a session database point by point, as one run whose device is the first device swept.
/// Each point is committed as it finishes and the run is complete from its first point on, so a sweep that is
/// cancelled, fails or is killed keeps every point that finished; runs.sweep_points_planned says how many were
/// to come. Not thread-safe: runSweep's onPoint calls it one point at a time.
class SweepRecorder {
public:
    /// Opens (or creates) `dbPath`; nothing is written before the first point. Errors name the database.
    static engine::Result<SweepRecorder> open(const std::string& dbPath, const std::filesystem::path& scenario,
        const engine::SweepRange& range, const engine::DeviceProfile& firstDevice, std::size_t plannedPoints);

    SweepRecorder(SweepRecorder&&) noexcept;
    SweepRecorder& operator=(SweepRecorder&&) noexcept;
    ~SweepRecorder();

    /// Records point `index` (its place in the sweep's device-then-value order) and waits for its commit.
    /// After an error the recorder takes no more points.
    std::optional<engine::Error> add(std::size_t index, const engine::SweepRun& point);
    /// The run's id once a point is committed; 0 before.
    std::int64_t runId() const { return m_runId; }
    std::size_t recordedPoints() const { return m_recorded; }
    std::size_t plannedPoints() const { return m_info.sweepPointsPlanned; }

private:
    SweepRecorder(std::unique_ptr<TraceWriter> writer, engine::RunInfo info, std::string sweptParam,
        std::int64_t firstValue);

    std::unique_ptr<TraceWriter> m_writer;
    engine::RunInfo m_info;
    std::string m_sweptParam;
    std::int64_t m_firstValue = 0;
    std::int64_t m_runId = 0;
    std::size_t m_recorded = 0;
    double m_totalTimeUs = 0;
    bool m_failed = false;
};

} // namespace model

#pragma once

#include "engine/common/result.h"
#include "engine/device/device_profile.h"
#include "engine/host/sweep.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <stop_token>
#include <string>

namespace app::cli {

/// `sweep --db FILE`: commits each point to the session database as it finishes (model::SweepRecorder), so a
/// sweep that fails or is killed keeps its finished points. A recording error stops the sweep.
class SweepRecording {
public:
    /// Opens `dbPath` for a sweep of `plannedPoints` points. Throws UsageError where this build has no trace
    /// store; returns the database's error (naming it) where it cannot be opened.
    static engine::Result<std::unique_ptr<SweepRecording>> open(const std::string& dbPath,
        const std::filesystem::path& scenario, const engine::SweepRange& range, const engine::DeviceProfile& first,
        std::size_t plannedPoints);
    ~SweepRecording();

    /// Records every point `options` finishes; stopping on a recording error.
    void attach(engine::SweepOptions& options);
    /// The first recording error, if any.
    const std::optional<engine::Error>& error() const { return m_error; }
    /// "recorded [K of N point(s) ]as run ID in FILE", when any point was recorded.
    void describe(std::ostream& out) const;

private:
    struct Recorder;
    SweepRecording(std::unique_ptr<Recorder> recorder, std::string dbPath);

    std::unique_ptr<Recorder> m_recorder;
    std::string m_dbPath;
    std::optional<engine::Error> m_error;
    std::stop_source m_stop;
};

} // namespace app::cli

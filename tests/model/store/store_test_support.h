#pragma once

#include "engine/trace/memory_trace_sink.h"

#include <cstdint>
#include <filesystem>
#include <string>

namespace store_tests {

/// A fresh, empty folder under the system temp folder, removed on destruction.
class TempDir {
public:
    explicit TempDir(const std::string& name);
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    std::filesystem::path file(const std::string& name) const { return m_path / name; }
    const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_path;
};

/// How big a synthetic run is.
struct RunShape {
    std::uint32_t launches = 2;
    std::uint32_t intervalsPerLaunch = 1000;
    std::uint32_t requestsPerLaunch = 200;
    std::uint32_t sms = 4;
    std::string label = "run"; ///< goes into the scenario path, so runs can be told apart
    std::vector<engine::simt::PrintfLine> printf; ///< each launch's device printf lines
};

/// Sends one deterministic synthetic run (modules, kernels, launches with every kind of event, stream
/// ops, sweep points) into `sink`, in batches like the engine's; `finish` false leaves it open.
void sendRun(engine::TraceSink& sink, const RunShape& shape, bool finish = true);

/// The warp intervals sendRun produces for launch `launch`: back-to-back per warp, 4..67 cycles long.
std::vector<engine::WarpInterval> syntheticIntervals(std::uint32_t count, std::uint32_t sms, std::uint32_t launch);

} // namespace store_tests

#pragma once

// The timing model behind a bench's stopwatch: launches go to TimedExecutor, and each one's wall seconds and host
// phases (engine/timing/host_phases.h) are kept (bench/corpus_speed.cpp, bench/launch_phases.cpp).
#include "engine/timing/timed_executor.h"

#include <chrono>
#include <string>
#include <vector>

class RecordingExecutor final : public engine::KernelExecutor {
public:
    struct Launch {
        std::string kernel;
        double seconds = 0;
        engine::timing::HostPhases phases;
    };

    explicit RecordingExecutor(engine::timing::TimingOptions options)
        : m_inner(options)
    {
    }
    engine::Result<engine::KernelOutcome> run(const engine::simt::LaunchRequest& request,
        engine::simt::DeviceMemory& memory, std::stop_token stop) override
    {
        const auto start = std::chrono::steady_clock::now();
        auto outcome = m_inner.run(request, memory, stop);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        m_seconds += seconds;
        const engine::timing::TimedLaunch* last = m_inner.last();
        if (outcome && last != nullptr)
            m_launches.push_back(Launch { request.module->functions[request.kernel].name, seconds, last->hostPhases });
        return outcome;
    }
    void deviceWritten(std::uint64_t address, std::uint64_t bytes) override { m_inner.deviceWritten(address, bytes); }

    const std::vector<Launch>& launches() const { return m_launches; }
    /// Wall seconds of every launch so far, failed ones included.
    double seconds() const { return m_seconds; }

private:
    engine::timing::TimedExecutor m_inner;
    std::vector<Launch> m_launches;
    double m_seconds = 0;
};

#pragma once

#include <chrono>

namespace model {

/// Lets a worker report progress at most every `interval`, and always the last unit, so a fast job does not
/// flood the GUI thread's event queue (heaptrack's throttled progress). One per job; one thread at a time.
class ProgressThrottle {
public:
    explicit ProgressThrottle(std::chrono::milliseconds interval = std::chrono::milliseconds(50))
        : m_interval(interval)
    {
    }

    /// True when progress `done` of `total` should be reported now.
    bool shouldReport(int done, int total)
    {
        const auto now = std::chrono::steady_clock::now();
        if (done < total && now - m_last < m_interval)
            return false;
        m_last = now;
        return true;
    }

private:
    std::chrono::milliseconds m_interval;
    std::chrono::steady_clock::time_point m_last {};
};

} // namespace model

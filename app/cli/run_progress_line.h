#pragma once

#include "engine/host/scenario_runner.h"

#include <chrono>
#include <functional>
#include <ostream>

namespace app::cli {

/// A long `run` shows where it is on one terminal line: "step 2 of 3 (/steps/1): block 12345 of 65536". Quiet for
/// the first second (short runs print nothing), then redrawn at most every 200 ms; finish() clears the line.
class RunProgressLine {
public:
    using Clock = std::function<std::chrono::steady_clock::time_point()>;

    explicit RunProgressLine(std::ostream& out, Clock clock = [] { return std::chrono::steady_clock::now(); });

    void update(const engine::RunProgress& progress);
    void finish();

private:
    std::ostream& m_out;
    Clock m_clock;
    std::chrono::steady_clock::time_point m_start;
    std::chrono::steady_clock::time_point m_lastDrawn {};
    bool m_drawn = false;
};

} // namespace app::cli

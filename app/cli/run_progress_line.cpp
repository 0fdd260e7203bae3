#include "app/cli/run_progress_line.h"

namespace app::cli {

namespace {

constexpr auto kQuietFor = std::chrono::seconds(1);
constexpr auto kRedrawEvery = std::chrono::milliseconds(200);

} // namespace

RunProgressLine::RunProgressLine(std::ostream& out, Clock clock)
    : m_out(out)
    , m_clock(std::move(clock))
    , m_start(m_clock())
{
}

void RunProgressLine::update(const engine::RunProgress& progress)
{
    const auto now = m_clock();
    if (now - m_start < kQuietFor || (m_drawn && now - m_lastDrawn < kRedrawEvery))
        return;
    m_lastDrawn = now;
    m_drawn = true;
    // During a launch its step is the one running (stepsDone before it); between steps, the one finished.
    const auto step = progress.blockCount > 0 ? progress.stepsDone + 1 : progress.stepsDone;
    m_out << "\rstep " << step << " of " << progress.stepCount << " (" << progress.current << ")";
    if (progress.blockCount > 0)
        m_out << ": block " << progress.blocksDone << " of " << progress.blockCount;
    m_out << "\x1b[K" << std::flush;
}

void RunProgressLine::finish()
{
    if (m_drawn)
        m_out << "\r\x1b[K" << std::flush;
    m_drawn = false;
}

} // namespace app::cli

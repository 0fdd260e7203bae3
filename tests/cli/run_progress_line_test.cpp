// The progress line of a long `run`: quiet for the first second, then redrawn at most every 200 ms, cleared
// at the end. Driven by a fake clock.
#include "app/cli/run_progress_line.h"

#include <gtest/gtest.h>

#include <sstream>

namespace {

using namespace std::chrono_literals;

TEST(RunProgressLine, QuietAtFirstThenThrottledThenCleared)
{
    std::ostringstream out;
    auto now = std::chrono::steady_clock::time_point {};
    app::cli::RunProgressLine line(out, [&now] { return now; });
    const engine::RunProgress launch {1, 3, "/steps/1", 10, 64};
    now += 500ms;
    line.update(launch);
    EXPECT_EQ(out.str(), "") << "a run shorter than a second prints nothing";
    now += 600ms;
    line.update(launch);
    EXPECT_EQ(out.str(), "\rstep 2 of 3 (/steps/1): block 10 of 64\x1b[K");
    out.str("");
    now += 100ms;
    line.update(engine::RunProgress {1, 3, "/steps/1", 11, 64});
    EXPECT_EQ(out.str(), "") << "redrawn at most every 200 ms";
    now += 150ms;
    line.update(engine::RunProgress {2, 3, "/steps/1"});
    EXPECT_EQ(out.str(), "\rstep 2 of 3 (/steps/1)\x1b[K");
    out.str("");
    line.finish();
    EXPECT_EQ(out.str(), "\r\x1b[K");
}

TEST(RunProgressLine, FinishLeavesNothingWhenNothingWasDrawn)
{
    std::ostringstream out;
    app::cli::RunProgressLine line(out);
    line.update(engine::RunProgress {0, 1, "/steps/0", 1, 2});
    line.finish();
    EXPECT_EQ(out.str(), "");
}

} // namespace

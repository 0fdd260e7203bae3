// A run reports progress inside a launch, block by block, functionally and through the timing model: a long
// launch moves a progress bar instead of sitting at its step.
#include "engine/host/kernel_executor.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "engine/timing/timed_executor.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/test_paths.h"

#include <gtest/gtest.h>

#include <stop_token>
#include <vector>

namespace {

std::vector<engine::RunProgress> progressOf(engine::KernelExecutor& executor)
{
    // offset_copy at n = 8192 and 256 threads per block: 32 blocks, one launch after one copy.
    const auto prepared = engine::prepareScenario(testing_paths::sourceDir() / "resources/scenarios/offset_copy.json",
        "v100", {{"n", 8192}}, testing_fixtures::builtinCatalog());
    EXPECT_TRUE(prepared.ok()) << prepared.error().toString();
    std::vector<engine::RunProgress> seen;
    engine::RunOptions options;
    options.progress = [&seen](const engine::RunProgress& p) { seen.push_back(p); };
    const auto report
        = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor, options);
    EXPECT_TRUE(report.ok()) << report.error().toString();
    return seen;
}

void expectBlockByBlock(const std::vector<engine::RunProgress>& seen)
{
    std::vector<std::uint64_t> blocks;
    std::size_t launchStep = 0;
    for (const auto& p : seen) {
        if (p.blockCount == 0)
            continue;
        EXPECT_EQ(p.blockCount, 32u);
        launchStep = p.stepsDone;
        blocks.push_back(p.blocksDone);
    }
    ASSERT_EQ(blocks.size(), 32u);
    for (std::size_t i = 0; i < blocks.size(); ++i)
        EXPECT_EQ(blocks[i], i + 1);
    // The launch's blocks are reported while its step runs: after the steps before it, before its own.
    const auto& last = seen.back();
    EXPECT_EQ(last.stepsDone, last.stepCount);
    EXPECT_EQ(last.blockCount, 0u);
    EXPECT_LT(launchStep, last.stepCount);
}

TEST(LaunchProgress, FunctionalLaunchReportsEachBlock)
{
    engine::FunctionalExecutor executor;
    expectBlockByBlock(progressOf(executor));
}

TEST(LaunchProgress, TimedLaunchReportsEachBlockAsItRetires)
{
    engine::timing::TimedExecutor executor {engine::timing::TimingOptions {}};
    expectBlockByBlock(progressOf(executor));
}

TEST(LaunchProgress, ACancelledTimedLaunchStopsInTheTimingModel)
{
    // 512 blocks of 256 threads fit in the V100's first wave (80 SMs × 8): all of them run functionally before
    // the timing model's first step, so only the timing loop itself can notice a stop requested when the first
    // block retires.
    const auto prepared = engine::prepareScenario(testing_paths::sourceDir() / "resources/scenarios/offset_copy.json",
        "v100", {{"n", 131072}}, testing_fixtures::builtinCatalog());
    ASSERT_TRUE(prepared.ok()) << prepared.error().toString();
    std::stop_source stop;
    std::uint64_t retiredBeforeStop = 0;
    engine::RunOptions options;
    options.stop = stop.get_token();
    options.progress = [&](const engine::RunProgress& p) {
        if (p.blocksDone > 0 && !stop.stop_requested()) {
            retiredBeforeStop = p.blocksDone;
            stop.request_stop();
        }
    };
    engine::timing::TimedExecutor executor {engine::timing::TimingOptions {}};
    const auto report = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor, options);
    ASSERT_FALSE(report.ok());
    EXPECT_NE(report.error().message.find("launch cancelled"), std::string::npos) << report.error().toString();
    EXPECT_EQ(retiredBeforeStop, 1u);
}

} // namespace

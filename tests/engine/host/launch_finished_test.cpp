// A run hands over its report after each kernel launch, so a GUI can show the first launches while the rest
// run: each call holds one more launch, and a launch in it is already what the final report says.
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "engine/timing/timed_executor.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/test_paths.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

TEST(LaunchFinished, CalledOncePerLaunchWithTheLaunchesSoFar)
{
    // The staged copy: four streams, each a copy then a launch; n = 16384 makes 16 blocks per launch.
    const auto prepared = engine::prepareScenario(
        testing_paths::sourceDir() / "resources/scenarios/staged_copy_4_streams.json", "v100", {{"n", 16384}},
        testing_fixtures::builtinCatalog());
    ASSERT_TRUE(prepared.ok()) << prepared.error().toString();
    std::vector<engine::RunReport> soFar;
    engine::RunOptions options;
    options.launchFinished = [&soFar](const engine::RunReport& report) { soFar.push_back(report); };
    engine::timing::TimedExecutor executor {engine::timing::TimingOptions {}};
    const auto report = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor, options);
    ASSERT_TRUE(report.ok()) << report.error().toString();

    ASSERT_EQ(report->launches.size(), 4u);
    ASSERT_EQ(soFar.size(), 4u);
    for (std::size_t i = 0; i < soFar.size(); ++i) {
        EXPECT_EQ(soFar[i].launches.size(), i + 1);
        EXPECT_TRUE(soFar[i].buffers.empty());
        EXPECT_LE(soFar[i].timeline.size(), report->timeline.size());
    }
    const auto& first = soFar.front().launches.front();
    const auto& final = report->launches.front();
    EXPECT_EQ(first.stepPath, "/steps/1");
    ASSERT_TRUE(first.outcome.cycles.has_value());
    EXPECT_EQ(first.outcome.cycles, final.outcome.cycles);
    EXPECT_EQ(first.outcome.timeUs, final.outcome.timeUs);
    EXPECT_EQ(first.outcome.stats.warpInstructions, final.outcome.stats.warpInstructions);
    EXPECT_EQ(first.outcome.memory.globalLoadRequests, final.outcome.memory.globalLoadRequests);
    EXPECT_EQ(first.outcome.memory.globalLoadSectors, final.outcome.memory.globalLoadSectors);
    EXPECT_EQ(first.outcome.memory.globalStoreSectors, final.outcome.memory.globalStoreSectors);
    EXPECT_EQ(first.outcome.dramBytesRead, final.outcome.dramBytesRead);
    EXPECT_GT(first.outcome.memory.globalLoadRequests, 0u);
    // The copy before the first launch and the launch itself are on the first call's timeline.
    EXPECT_EQ(soFar.front().timeline.size(), 2u);
}

} // namespace

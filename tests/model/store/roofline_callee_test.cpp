// FLOPs of a recorded run count what the kernel's callees executed: a kernel calling a non-inlined __device__
// function (bundled device_function.cu) has the same instruction mix read back from the session database as the
// engine counted in memory.
#include "engine/device/device_catalog.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "engine/profiling/launch_counters.h"
#include "engine/timing/timed_executor.h"
#include "model/roofline/roofline_run.h"
#include "model/store/run_recorder.h"
#include "model/store/trace_reader.h"
#include "tests/model/store/store_test_support.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace {

TEST(RooflineCallees, FlopsOfADeviceFunctionSurviveTheDatabase)
{
    store_tests::TempDir dir("roofline-callee");
    const auto scenario = std::filesystem::path(WARPSCOPE_SOURCE_DIR) / "resources/scenarios/corpus/smoothstep.json";
    const auto catalog = engine::DeviceCatalog::load({}).catalog;
    const auto prepared = engine::prepareScenario(scenario, "h100", {{"n", 4096}}, catalog);
    ASSERT_TRUE(prepared.ok()) << prepared.error().toString();
    engine::timing::TimedExecutor executor {engine::timing::TimingOptions {}};
    const auto report = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor);
    ASSERT_TRUE(report.ok()) << report.error().toString();
    const auto inMemory = engine::launchCountersOf(prepared->module, report->launches.at(0).outcome).mix;

    const auto db = dir.file("s.wsdb").string();
    const auto runId = model::recordScenarioRun(db, report.value(), prepared.value());
    ASSERT_TRUE(runId.ok()) << runId.error().toString();
    const auto reader = model::TraceReader::open(db);
    ASSERT_TRUE(reader.ok());
    const auto run = model::loadRooflineRun(reader.value(), *runId);
    ASSERT_TRUE(run.ok()) << run.error().toString();
    const auto& stored = run->launches.at(0).counters.mix;
    // All FP32 work is in the callee (the kernel only indexes): per thread at least smoothstep's two subtractions,
    // two multiplications and one fma (2 FLOPs).
    EXPECT_GE(inMemory.flopsOf(engine::FlopKind::Fp32), 4096u * 6u);
    EXPECT_EQ(stored.flops, inMemory.flops);
    EXPECT_EQ(stored.integerOperations, inMemory.integerOperations);
    EXPECT_EQ(stored.pipeWarpInstructions, inMemory.pipeWarpInstructions);
}

} // namespace

// Engine -> store -> reader on every bundled scenario (the copies, the streams, the six matrix kernels of the
// Best Practices Guide and the rest of the kernel corpus in resources/scenarios/corpus): what a real run produced (launch counters, per-PC counters, warp intervals, the
// stream timeline) comes back from the trace file unchanged.
#include "engine/host/prepared_scenario.h"
#include "engine/host/run_recording.h"
#include "engine/host/scenario_parser.h"
#include "engine/host/scenario_runner.h"
#include "engine/timing/timed_executor.h"
#include "model/store/trace_reader.h"
#include "model/store/trace_writer.h"
#include "tests/model/store/store_test_support.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <numeric>

namespace {

std::vector<std::filesystem::path> bundledScenarios()
{
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(std::filesystem::path(WARPSCOPE_SOURCE_DIR) / "resources/scenarios"))
        // The third-party kernels (corpus/polybench, corpus/rodinia) are checked by cli_tests (corpus_*_test.cpp);
        // their sizes are compile-time constants, so the `n` override below would not fit them.
        if (entry.path().extension() == ".json" && entry.path().parent_path().parent_path().filename() != "corpus")
            files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

class EngineRoundTrip : public testing::TestWithParam<std::filesystem::path> { };

TEST_P(EngineRoundTrip, RunComesBackFromTheStore)
{
    static const auto catalog = engine::DeviceCatalog::load({});
    // Small problems: the round trip, not the size, is under test.
    const auto spec = engine::loadScenarioFile(GetParam());
    ASSERT_TRUE(spec.ok()) << spec.error().toString();
    engine::ParamValues overrides;
    // Lowered, never raised: in the tensor-core scenarios n is a matrix side, not an element count.
    if (spec->params.contains("n") && spec->params.at("n") > 65536)
        overrides["n"] = 65536;
    auto prepared = engine::prepareScenario(GetParam(), "", overrides, catalog.catalog);
    ASSERT_TRUE(prepared.ok()) << prepared.error().toString();
    engine::timing::TimedExecutor executor;
    auto report = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor);
    ASSERT_TRUE(report.ok()) << report.error().toString();

    store_tests::TempDir dir("engine-round-trip");
    const auto path = dir.file("session.wsdb").string();
    auto writer = model::TraceWriter::open(path);
    ASSERT_TRUE(writer.ok()) << writer.error().toString();
    const auto moduleRecord = engine::scenarioModuleRecord(prepared->scenario, prepared->module, *prepared->profile);
    engine::recordRun(report.value(), prepared->scenario, prepared->module, moduleRecord,
        engine::RecordingContext { "2026-11-22T12:00:00Z", "test", "", "" }, *writer.value());
    const auto runId = writer.value()->flush();
    ASSERT_TRUE(runId.ok()) << runId.error().toString();

    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok()) << reader.error().toString();
    const auto detail = reader->runDetail(*runId);
    ASSERT_TRUE(detail.ok());
    EXPECT_EQ(detail->run.deviceId, report->device);
    EXPECT_DOUBLE_EQ(detail->run.totalTimeUs, report->totalTimeUs);
    ASSERT_EQ(detail->modules.size(), 1u);
    EXPECT_FALSE(detail->modules[0].ptxText.empty()); // shipped PTX beside the .cu
    EXPECT_FALSE(detail->modules[0].cudaSource.empty());

    const auto launches = reader->launches(*runId);
    ASSERT_TRUE(launches.ok());
    ASSERT_EQ(launches->size(), report->launches.size());
    for (std::size_t i = 0; i < launches->size(); ++i) {
        const auto& stored = launches->at(i);
        const auto& ran = report->launches[i];
        EXPECT_EQ(stored.kernelName, ran.kernel);
        EXPECT_EQ(stored.summary.cycles, ran.outcome.cycles.value_or(0));
        EXPECT_DOUBLE_EQ(stored.summary.timeUs, ran.outcome.timeUs.value_or(0.0));
        EXPECT_EQ(stored.summary.globalLoadSectors, ran.outcome.memory.globalLoadSectors);
        EXPECT_EQ(stored.summary.globalStoreBytesMoved, ran.outcome.memory.globalStoreBytesMoved);
        EXPECT_EQ(stored.summary.warpInstructions, ran.outcome.stats.warpInstructions);
        const auto& memory = ran.outcome.memory;
        EXPECT_EQ(stored.summary.sharedLoadWavefronts, memory.sharedLoadWavefronts);
        EXPECT_EQ(stored.summary.sharedLoadIdealWavefronts, memory.sharedLoadIdealWavefronts);
        EXPECT_EQ(stored.summary.sharedStoreIdealWavefronts, memory.sharedStoreIdealWavefronts);
        // Every shared request takes at least one ideal wavefront, and conflicts only add to them.
        EXPECT_GE(memory.sharedLoadIdealWavefronts, memory.sharedLoadRequests);
        EXPECT_GE(memory.sharedStoreIdealWavefronts, memory.sharedStoreRequests);
        EXPECT_LE(memory.sharedLoadIdealWavefronts, memory.sharedLoadWavefronts);
        EXPECT_LE(memory.sharedStoreIdealWavefronts, memory.sharedStoreWavefronts);
        ASSERT_TRUE(ran.outcome.caches.has_value());
        EXPECT_EQ(stored.summary.l1HitSectors, ran.outcome.caches->l1HitSectors);
        EXPECT_EQ(stored.summary.l2MissSectors, ran.outcome.caches->l2MissSectors);
        EXPECT_EQ(stored.intervalCount, ran.outcome.intervals.size());
        // Per-PC counters add up to the kernel function's issues (a called .func has PCs of its own and counts
        // in the launch totals only), each with its PTX line.
        const auto counters = reader->pcCounters(stored.id);
        ASSERT_TRUE(counters.ok());
        const auto issued = std::accumulate(counters->begin(), counters->end(), std::uint64_t { 0 },
            [](std::uint64_t sum, const engine::PcCounter& c) { return sum + c.warpInstructions; });
        const auto kernel = static_cast<std::size_t>(prepared->module.findFunction(ran.mangled));
        const auto& executions = ran.outcome.stats.perFunction.at(kernel).warpExecutions;
        EXPECT_EQ(issued, std::accumulate(executions.begin(), executions.end(), std::uint64_t { 0 }));
        EXPECT_LE(issued, ran.outcome.stats.warpInstructions);
        const auto sectors = std::accumulate(counters->begin(), counters->end(), std::uint64_t { 0 },
            [](std::uint64_t sum, const engine::PcCounter& c) { return sum + c.sectors; });
        EXPECT_EQ(sectors, ran.outcome.memory.globalLoadSectors + ran.outcome.memory.globalStoreSectors);
        for (const auto& c : *counters)
            EXPECT_GT(c.ptxLine, 0u);
        // Block 0's requests, whole: as many as the launch made in block 0, with lane addresses.
        const auto totals = reader->requestTotals(stored.id);
        ASSERT_TRUE(totals.ok());
        std::uint64_t requests = 0;
        for (const auto& row : *totals)
            requests += row.requests;
        EXPECT_EQ(requests, ran.outcome.sampledRequests.size());
    }
    const auto ops = reader->streamOps(*runId);
    ASSERT_TRUE(ops.ok());
    EXPECT_EQ(ops->size(), report->timeline.size());
}

std::string roundTripTestName(const testing::TestParamInfo<std::filesystem::path>& info)
{
    auto name = info.param.stem().string();
    std::replace_if(name.begin(), name.end(), [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
    return name;
}

INSTANTIATE_TEST_SUITE_P(BundledScenarios, EngineRoundTrip, testing::ValuesIn(bundledScenarios()), roundTripTestName);

} // namespace

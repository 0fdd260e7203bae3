// Run against run and run against an Nsight Compute export, on stored runs.
#include "model/report/launch_metrics.h"
#include "model/report/ncu_comparison.h"
#include "model/report/run_comparison.h"
#include "model/store/trace_reader.h"
#include "model/store/trace_writer.h"
#include "tests/model/store/store_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace {

using store_tests::RunShape;
using store_tests::TempDir;

/// Run 1 with two launches, run 2 with three (sendRun: launch i runs offsetCopy for even i, strideCopy
/// for odd i; cycles 5000 + i; 3.5 µs; 42 load requests; grid 64, block 256).
std::string twoRuns(const TempDir& dir)
{
    const auto path = dir.file("session.wsdb").string();
    auto writer = model::TraceWriter::open(path);
    EXPECT_TRUE(writer.ok());
    store_tests::sendRun(*writer.value(), RunShape { 2, 50, 10, 2, "a", {} });
    store_tests::sendRun(*writer.value(), RunShape { 3, 50, 10, 2, "b", {} });
    EXPECT_TRUE(writer.value()->flush().ok());
    return path;
}

const model::MetricDifference& metric(const std::vector<model::MetricDifference>& metrics, std::string_view key)
{
    const auto it = std::find_if(metrics.begin(), metrics.end(), [&](const auto& m) { return m.key == key; });
    EXPECT_NE(it, metrics.end()) << key;
    return *it;
}

TEST(LaunchMetrics, ColumnsTakeNvprofNamesUpToVoltaAndNcuNamesAfter)
{
    const auto metrics = model::launchMetrics();
    const auto find = [&](std::string_view key) {
        return *std::find_if(metrics.begin(), metrics.end(), [&](const auto& m) { return m.key == key; });
    };
    const engine::ComputeCapability volta { 7, 0 };
    const engine::ComputeCapability hopper { 9, 0 };
    EXPECT_EQ(model::columnName(find("global_load_transactions"), volta), "gld_transactions");
    EXPECT_EQ(model::columnName(find("shared_load_wavefronts"), volta), "shared_load_transactions");
    EXPECT_EQ(model::columnName(find("shared_load_wavefronts"), hopper), "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum");
    EXPECT_EQ(model::columnName(find("dram_bytes_read"), hopper), "dram__bytes_read.sum");
    // No Nsight Compute counter for the generation's transactions, no nvprof one for sectors: the JSON key.
    EXPECT_EQ(model::columnName(find("global_load_transactions"), hopper), "global_load_transactions");
    EXPECT_EQ(model::columnName(find("global_load_sectors"), volta), "global_load_sectors");
    EXPECT_TRUE(model::usesNvprofNames({ 1, 1 }));
    EXPECT_FALSE(model::usesNvprofNames({ 7, 5 }));
    // Every key is a `run --json` launch key, once.
    std::set<std::string_view> keys;
    for (const auto& m : metrics)
        EXPECT_TRUE(keys.insert(m.key).second) << m.key;
    EXPECT_EQ(keys.size(), 21u);
    // No profiler counts the wavefronts a shared access would take without bank conflicts: the JSON key.
    EXPECT_EQ(model::columnName(find("shared_load_wavefronts_ideal"), volta), "shared_load_wavefronts_ideal");
    EXPECT_EQ(model::columnName(find("shared_store_wavefronts_ideal"), hopper), "shared_store_wavefronts_ideal");
}

TEST(RunComparison, PairsLaunchesInOrderAndKeepsUnpairedOnes)
{
    TempDir dir("compare-runs");
    auto reader = model::TraceReader::open(twoRuns(dir));
    ASSERT_TRUE(reader.ok());
    const auto c = model::compareRuns(reader.value(), 1, 2);
    ASSERT_TRUE(c.ok()) << c.error().toString();
    EXPECT_EQ(c->a.scenarioPath, "scenarios/a.json");
    EXPECT_EQ(c->b.scenarioPath, "scenarios/b.json");
    EXPECT_DOUBLE_EQ(*c->totalTimeUs.a, 20.0);
    EXPECT_DOUBLE_EQ(*c->totalTimeUs.b, 30.0);
    EXPECT_DOUBLE_EQ(*c->totalTimeUs.relative(), 0.5);
    ASSERT_EQ(c->launches.size(), 3u);
    EXPECT_EQ(c->launches[1].kernelA, "strideCopy");
    EXPECT_EQ(c->launches[1].kernelB, "strideCopy");
    const auto& cycles = metric(c->launches[1].metrics, "cycles");
    EXPECT_DOUBLE_EQ(*cycles.a, 5001.0);
    EXPECT_DOUBLE_EQ(*cycles.b, 5001.0);
    EXPECT_DOUBLE_EQ(*cycles.difference(), 0.0);
    EXPECT_TRUE(c->launches[2].kernelA.empty());
    const auto& third = metric(c->launches[2].metrics, "cycles");
    EXPECT_FALSE(third.a.has_value());
    EXPECT_DOUBLE_EQ(*third.b, 5002.0);
    EXPECT_FALSE(third.difference().has_value());
}

TEST(RunComparison, MissingRunNamesTheFileAndTheId)
{
    TempDir dir("compare-missing");
    auto reader = model::TraceReader::open(twoRuns(dir));
    ASSERT_TRUE(reader.ok());
    const auto c = model::compareRuns(reader.value(), 1, 9);
    ASSERT_FALSE(c.ok());
    EXPECT_NE(c.error().toString().find("session.wsdb"), std::string::npos);
    EXPECT_NE(c.error().toString().find("id 9"), std::string::npos);
}

TEST(NcuComparison, KernelBaseNameDropsNamespaceTemplateAndParameters)
{
    EXPECT_EQ(model::kernelBaseName("copies::offsetCopy(float *, float *, int)"), "offsetCopy");
    EXPECT_EQ(model::kernelBaseName("void transpose<32>(float *, const float *)"), "transpose");
    EXPECT_EQ(model::kernelBaseName("sharedABMultiply"), "sharedABMultiply");
}

TEST(NcuComparison, MeasuredBesideModeledInTheModelsUnits)
{
    TempDir dir("compare-ncu");
    auto reader = model::TraceReader::open(twoRuns(dir));
    ASSERT_TRUE(reader.ok());
    // The strideCopy record comes first in the export and has another grid: pairing goes by kernel name,
    // then shape. Times in µs and occupancy in %, as ncu prints them by default.
    const auto records = engine::parseNcuCsv(R"csv("ID","Kernel Name","Block Size","Grid Size","Metric Name","Metric Unit","Metric Value"
"0","copies::strideCopy(float *, float *, int)","(256, 1, 1)","(64, 1, 1)","l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum","request","40"
"1","copies::offsetCopy(float *, float *, int)","(256, 1, 1)","(64, 1, 1)","l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum","request","42"
"1","copies::offsetCopy(float *, float *, int)","(256, 1, 1)","(64, 1, 1)","gpu__time_duration.sum","usecond","3.20"
"1","copies::offsetCopy(float *, float *, int)","(256, 1, 1)","(64, 1, 1)","sm__warps_active.avg.pct_of_peak_sustained_active","%","80"
)csv",
        "export.csv");
    ASSERT_TRUE(records.ok()) << records.error().toString();
    const auto c = model::compareWithNcu(reader.value(), 2, records.value());
    ASSERT_TRUE(c.ok()) << c.error().toString();
    ASSERT_EQ(c->launches.size(), 2u);
    EXPECT_EQ(c->launches[0].kernel, "offsetCopy");
    EXPECT_EQ(c->launches[0].ncuId, 1);
    ASSERT_EQ(c->launches[0].metrics.size(), 3u);
    const auto& time = metric(c->launches[0].metrics, "time_us");
    EXPECT_NEAR(*time.a, 3.2, 1e-9);
    EXPECT_DOUBLE_EQ(*time.b, 3.5);
    EXPECT_NEAR(*time.relative(), 0.3 / 3.2, 1e-9);
    const auto& occupancy = metric(c->launches[0].metrics, "achieved_occupancy");
    EXPECT_NEAR(*occupancy.a, 0.80, 1e-12);
    EXPECT_DOUBLE_EQ(*occupancy.b, 0.75);
    EXPECT_EQ(c->launches[1].kernel, "strideCopy");
    EXPECT_EQ(c->launches[1].ncuId, 0);
    EXPECT_DOUBLE_EQ(*metric(c->launches[1].metrics, "global_load_requests").a, 40.0);
    // Run 2's third launch (offsetCopy again) finds no record left.
    ASSERT_EQ(c->unmatched.size(), 1u);
    EXPECT_NE(c->unmatched[0].find("launch 2 (offsetCopy)"), std::string::npos);
}

} // namespace

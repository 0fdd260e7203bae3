// Engine -> store -> reader: what a sink received comes back from the reader unchanged.
#include "model/store/trace_reader.h"
#include "model/store/trace_writer.h"
#include "tests/model/store/store_test_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <numeric>

namespace {

using store_tests::RunShape;
using store_tests::TempDir;

struct Recorded {
    engine::MemoryTraceSink sink;
    std::int64_t runId = 0;
};

Recorded recordRun(const std::string& path, const RunShape& shape)
{
    Recorded recorded;
    store_tests::sendRun(recorded.sink, shape);
    auto writer = model::TraceWriter::open(path);
    EXPECT_TRUE(writer.ok()) << writer.error().toString();
    recorded.sink.replay(0, *writer.value());
    auto flushed = writer.value()->flush();
    EXPECT_TRUE(flushed.ok()) << flushed.error().toString();
    recorded.runId = flushed.ok() ? *flushed : 0;
    return recorded;
}

TEST(StoreRoundTrip, RunMetadataComesBack)
{
    TempDir dir("meta");
    const auto path = dir.file("session.wsdb").string();
    const auto recorded = recordRun(path, RunShape {});
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok()) << reader.error().toString();
    const auto runs = reader->runs();
    ASSERT_TRUE(runs.ok());
    ASSERT_EQ(runs->size(), 1u);
    const auto& run = runs->front();
    EXPECT_EQ(run.id, recorded.runId);
    EXPECT_EQ(run.date, "2025-01-31T12:00:00Z");
    EXPECT_EQ(run.deviceId, "v100");
    EXPECT_EQ(run.scenarioPath, "scenarios/run.json");
    EXPECT_EQ(run.parameters, (std::vector<std::pair<std::string, std::int64_t>> { { "n", 1024 }, { "offset", 3 } }));
    EXPECT_EQ(run.launchCount, 2);
    EXPECT_DOUBLE_EQ(run.totalTimeUs, 20.0);
    const auto detail = reader->runDetail(run.id);
    ASSERT_TRUE(detail.ok()) << detail.error().toString();
    EXPECT_EQ(detail->deviceProfileJson, "{\"id\":\"v100\"}");
    EXPECT_EQ(detail->scenarioText, "{\"warpscope\":1}");
    ASSERT_EQ(detail->modules.size(), 1u);
    EXPECT_EQ(detail->modules[0].ptxText, recorded.sink.runs()[0].modules[0].ptxText);
    EXPECT_EQ(detail->modules[0].cudaSource, "__global__ void k() {}");
    ASSERT_EQ(detail->kernels.size(), 2u);
    EXPECT_EQ(detail->kernels[1].mangledName, "_Z10strideCopy");
    EXPECT_EQ(reader->latestRunId()->value_or(0), run.id);
}

TEST(StoreRoundTrip, LaunchesCountersAndStreams)
{
    TempDir dir("launches");
    const auto path = dir.file("session.wsdb").string();
    const auto recorded = recordRun(path, RunShape {});
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok()) << reader.error().toString();
    const auto launches = reader->launches(recorded.runId);
    ASSERT_TRUE(launches.ok()) << launches.error().toString();
    ASSERT_EQ(launches->size(), 2u);
    const auto& launch = (*launches)[1];
    EXPECT_EQ(launch.kernelName, "strideCopy");
    EXPECT_EQ(launch.info.grid[0], 64u);
    EXPECT_EQ(launch.summary.cycles, 5001u);
    EXPECT_EQ(launch.summary.threadInstructions, 1234567u);
    EXPECT_DOUBLE_EQ(launch.summary.effectiveBandwidthGbps, 512.25);
    EXPECT_EQ(launch.intervalCount, 1000u);
    const auto counters = reader->pcCounters(launch.id);
    ASSERT_TRUE(counters.ok());
    const auto& sent = recorded.sink.runs()[0].launches[1].pcCounters;
    ASSERT_EQ(counters->size(), sent.size());
    EXPECT_EQ(std::memcmp(counters->data(), sent.data(), sent.size() * sizeof sent[0]), 0);
    const auto lines = reader->lineCounters(launch.id);
    ASSERT_TRUE(lines.ok());
    ASSERT_EQ(lines->size(), 5u); // pcs 0..9 on lines 20..24, two each
    EXPECT_EQ((*lines)[0].ptxLine, 20u);
    EXPECT_EQ((*lines)[0].warpInstructions, 100u + 101u);
    const auto ops = reader->streamOps(recorded.runId);
    ASSERT_TRUE(ops.ok());
    ASSERT_EQ(ops->size(), 3u);
    EXPECT_EQ((*ops)[1].kind, engine::StreamOpKind::MemcpyHtoD);
    EXPECT_EQ((*ops)[1].bytes, 4096u);
    EXPECT_EQ((*ops)[2].launch, engine::LaunchId(1));
    const auto points = reader->sweepPoints(recorded.runId);
    ASSERT_TRUE(points.ok());
    ASSERT_EQ(points->size(), 2u);
    EXPECT_DOUBLE_EQ((*points)[1].effectiveBandwidthGbps, 700.0);
}

TEST(StoreRoundTrip, SmallWindowReturnsTheIntervalsThemselves)
{
    TempDir dir("window");
    const auto path = dir.file("session.wsdb").string();
    const auto recorded = recordRun(path, RunShape {});
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok());
    const auto launch = reader->launches(recorded.runId)->front();
    const auto window = reader->timeline(model::TimelineRequest { launch.id, 100, 400, 500 });
    ASSERT_TRUE(window.ok()) << window.error().toString();
    EXPECT_FALSE(window->aggregated);
    auto expected = recorded.sink.runs()[0].launches[0].intervals;
    std::erase_if(expected, [](const auto& i) { return !(i.startCycle < 400 && i.endCycle > 100); });
    std::stable_sort(expected.begin(), expected.end(), [](const auto& a, const auto& b) { return a.startCycle < b.startCycle; });
    ASSERT_EQ(window->intervals.size(), expected.size());
    EXPECT_EQ(std::memcmp(window->intervals.data(), expected.data(), expected.size() * sizeof expected[0]), 0);
}

TEST(StoreRoundTrip, ZoomedOutWindowOfALargeLaunchIsBucketed)
{
    TempDir dir("lod");
    const auto path = dir.file("session.wsdb").string();
    RunShape shape;
    shape.launches = 1;
    shape.intervalsPerLaunch = 300000;
    const auto recorded = recordRun(path, shape);
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok());
    const auto launch = reader->launches(recorded.runId)->front();
    const auto window = reader->timeline(model::TimelineRequest { launch.id, 0, launch.lastCycle, 500 });
    ASSERT_TRUE(window.ok()) << window.error().toString();
    ASSERT_TRUE(window->aggregated);
    EXPECT_LE(window->buckets.size(), 4u * 500u);
    EXPECT_GT(window->buckets.size(), 4u * 400u);
    // Every cycle of every interval lands in some bucket, in its state.
    std::array<std::uint64_t, engine::kWarpStateCount> sent {}, got {};
    for (const auto& interval : recorded.sink.runs()[0].launches[0].intervals)
        sent[static_cast<std::size_t>(interval.state)] += interval.endCycle - interval.startCycle;
    for (const auto& bucket : window->buckets)
        for (std::size_t s = 0; s < got.size(); ++s)
            got[s] += bucket.stateCycles[s];
    for (std::size_t s = 0; s < got.size(); ++s)
        EXPECT_NEAR(static_cast<double>(got[s]), static_cast<double>(sent[s]), 0.001 * static_cast<double>(sent[s])) << s;
}

TEST(StoreRoundTrip, ManyRunsAppendAndListInOrder)
{
    TempDir dir("many");
    const auto path = dir.file("session.wsdb").string();
    {
        auto writer = model::TraceWriter::open(path);
        ASSERT_TRUE(writer.ok());
        for (int i = 0; i < 3; ++i)
            store_tests::sendRun(*writer.value(), RunShape { 1, 10, 10, 2, "run" + std::to_string(i), {} });
    } // the destructor drains the queue
    auto writer = model::TraceWriter::open(path); // reopening appends
    ASSERT_TRUE(writer.ok());
    store_tests::sendRun(*writer.value(), RunShape { 1, 10, 10, 2, "run3", {} });
    ASSERT_TRUE(writer.value()->flush().ok());
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok());
    const auto runs = reader->runs();
    ASSERT_EQ(runs->size(), 4u);
    for (std::size_t i = 0; i < 4; ++i)
        EXPECT_EQ((*runs)[i].scenarioPath, "scenarios/run" + std::to_string(i) + ".json");
}

TEST(StoreRoundTrip, AbortedAndUnfinishedRunsNeverShow)
{
    TempDir dir("abort");
    const auto path = dir.file("session.wsdb").string();
    auto writer = model::TraceWriter::open(path);
    ASSERT_TRUE(writer.ok());
    store_tests::sendRun(*writer.value(), RunShape { 1, 100, 10, 2, "kept", {} });
    store_tests::sendRun(*writer.value(), RunShape { 1, 100, 10, 2, "aborted", {} }, false);
    writer.value()->abortRun("cancelled");
    store_tests::sendRun(*writer.value(), RunShape { 1, 100, 10, 2, "open", {} }, false);
    ASSERT_TRUE(writer.value()->flush().ok());
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok());
    ASSERT_EQ(reader->runs()->size(), 1u); // "open" is being written: invisible until endRun
    writer.value().reset(); // closing the writer discards the open run
    EXPECT_EQ(reader->runs()->size(), 1u);
    EXPECT_EQ(reader->runs()->front().scenarioPath, "scenarios/kept.json");
}

} // namespace

// A sweep is recorded point by point: each point is committed when it finishes, in whatever order the
// workers finish them, and the run is readable (complete so far) from its first point on.
#include "model/store/sweep_recorder.h"
#include "model/store/trace_reader.h"
#include "model/store/trace_writer.h"
#include "tests/model/store/store_test_support.h"

#include <gtest/gtest.h>

namespace {

engine::SweepRun point(std::int64_t offset, double timeUs)
{
    engine::SweepRun run {"v100", offset, {}};
    run.report.params = {{"n", 4096}, {"offset", offset}};
    run.report.totalTimeUs = timeUs;
    return run;
}

engine::DeviceProfile v100()
{
    engine::DeviceProfile device;
    device.id = "v100";
    device.name = "Tesla V100";
    return device;
}

TEST(SweepRecorder, EachPointIsReadableOnceAdded)
{
    store_tests::TempDir dir("sweep-recorder");
    const auto path = dir.file("s.wsdb").string();
    {
        auto recorder = model::SweepRecorder::open(path, "offset.json", {"offset", 0, 3, 1}, v100(), 4);
        ASSERT_TRUE(recorder.ok()) << recorder.error().toString();
        EXPECT_EQ(recorder->runId(), 0);
        // Workers finish out of order: index 2 first.
        ASSERT_FALSE(recorder.value().add(2, point(2, 5.0)));
        ASSERT_FALSE(recorder.value().add(0, point(0, 3.0)));
        auto reader = model::TraceReader::open(path);
        ASSERT_TRUE(reader.ok());
        const auto runs = reader->runs();
        ASSERT_TRUE(runs.ok() && runs->size() == 1u) << "the sweep is readable before it ends";
        EXPECT_EQ(runs->front().id, recorder->runId());
        EXPECT_EQ(runs->front().sweepPointCount, 2);
        EXPECT_EQ(runs->front().sweepPointsPlanned, 4);
        EXPECT_DOUBLE_EQ(runs->front().totalTimeUs, 8.0);
        // The run's parameters have the swept one at the range's start, whichever point came first.
        const std::vector<std::pair<std::string, std::int64_t>> expected {{"n", 4096}, {"offset", 0}};
        EXPECT_EQ(runs->front().parameters, expected);
        const auto points = reader->sweepPoints(runs->front().id);
        ASSERT_TRUE(points.ok() && points->size() == 2u);
        EXPECT_EQ(points->at(0).index, 0u);
        EXPECT_EQ(points->at(1).index, 2u);
        ASSERT_FALSE(recorder.value().add(1, point(1, 4.0)));
        EXPECT_EQ(recorder->recordedPoints(), 3u);
    } // stopped before its fourth point: the three stay
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok());
    const auto runs = reader->runs();
    ASSERT_TRUE(runs.ok() && runs->size() == 1u);
    EXPECT_EQ(runs->front().sweepPointCount, 3);
    EXPECT_EQ(runs->front().sweepPointsPlanned, 4);
    EXPECT_DOUBLE_EQ(runs->front().totalTimeUs, 12.0);
}

TEST(SweepRecorder, AWriterClosedAfterACheckpointKeepsTheRunAsOfIt)
{
    store_tests::TempDir dir("sweep-writer-checkpoint");
    const auto path = dir.file("s.wsdb").string();
    {
        auto writer = model::TraceWriter::open(path);
        ASSERT_TRUE(writer.ok());
        engine::RunInfo info;
        info.deviceId = "v100";
        info.sweepPointsPlanned = 4;
        writer.value()->beginRun(info);
        const engine::SweepPoint first {0, "v100", {{"offset", 0}}, 3.0, 700.0};
        writer.value()->sweepPoints({&first, 1});
        writer.value()->checkpointRun(engine::RunSummary {3.0});
        ASSERT_TRUE(writer.value()->flush().ok());
        const engine::SweepPoint second {1, "v100", {{"offset", 1}}, 4.0, 600.0};
        writer.value()->sweepPoints({&second, 1}); // sent, never checkpointed
    } // closed without endRun
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok());
    const auto runs = reader->runs();
    ASSERT_TRUE(runs.ok() && runs->size() == 1u);
    EXPECT_EQ(runs->front().sweepPointCount, 1);
    EXPECT_DOUBLE_EQ(runs->front().totalTimeUs, 3.0);
}

TEST(SweepRecorder, NothingIsWrittenBeforeTheFirstPoint)
{
    store_tests::TempDir dir("sweep-recorder-empty");
    const auto path = dir.file("s.wsdb").string();
    {
        auto recorder = model::SweepRecorder::open(path, "offset.json", {"offset", 0, 3, 1}, v100(), 4);
        ASSERT_TRUE(recorder.ok());
    }
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok());
    const auto runs = reader->runs();
    ASSERT_TRUE(runs.ok());
    EXPECT_TRUE(runs->empty());
}

TEST(SweepRecorder, AnUnwritableDatabaseIsNamed)
{
    const auto recorder
        = model::SweepRecorder::open("/proc/warpscope-test/s.wsdb", "offset.json", {"offset", 0, 3, 1}, v100(), 4);
    ASSERT_FALSE(recorder.ok());
    EXPECT_EQ(recorder.error().toString().rfind("/proc/warpscope-test/s.wsdb: ", 0), 0u) << recorder.error().toString();
}

} // namespace

// Stream and copy-engine rules of the Best Practices Guide §9.1.2 (DIGEST §6.4-6.6, test rows 34-39).
#include "engine/host/stream_scheduler.h"

#include <gtest/gtest.h>

namespace {

using engine::DeviceOp;
using engine::DeviceOpKind;
using engine::StreamScheduler;

DeviceOp copyIn(int stream, double us, bool async = true, bool pinned = true)
{
    return DeviceOp { DeviceOpKind::MemcpyHostToDevice, stream, async, pinned, us, 0, "h2d" };
}

DeviceOp copyOut(int stream, double us)
{
    return DeviceOp { DeviceOpKind::MemcpyDeviceToHost, stream, true, true, us, 0, "d2h" };
}

DeviceOp kernel(int stream, double us)
{
    return DeviceOp { DeviceOpKind::Kernel, stream, true, true, us, 0, "kernel" };
}

/// The guide's staged concurrent copy and execute: nStreams chunks, each a copy then a kernel in its stream.
double staged(int engines, int nStreams, double tT, double tE)
{
    StreamScheduler scheduler(engines);
    for (int i = 0; i < nStreams; ++i) {
        scheduler.submit(copyIn(i + 1, tT / nStreams));
        scheduler.submit(kernel(i + 1, tE / nStreams));
    }
    scheduler.synchronize(std::nullopt);
    return scheduler.totalTimeUs();
}

TEST(StreamScheduler, SequentialCopyAndExecuteIsTheSum)
{
    // "tE + tT for the sequential version": cudaMemcpy then a kernel in the default stream.
    StreamScheduler scheduler(1);
    scheduler.submit(copyIn(0, 4000, false));
    scheduler.submit(kernel(0, 4000));
    scheduler.synchronize(std::nullopt);
    EXPECT_DOUBLE_EQ(scheduler.totalTimeUs(), 8000);
}

TEST(StreamScheduler, StagedCopyAndExecuteMatchesTheGuidesEstimate)
{
    // "when the execution time (tE) exceeds the transfer time (tT), a rough estimate for the overall time
    // is tE + tT/nStreams"; DIGEST §6.6: tE = tT = 4 ms, nStreams = 4 → 5 ms.
    EXPECT_DOUBLE_EQ(staged(1, 4, 4000, 4000), 5000);
    for (const int n : { 1, 2, 4, 8, 16, 32 })
        EXPECT_DOUBLE_EQ(staged(1, n, 2000, 6000), 6000 + 2000.0 / n) << n;
    // "If the transfer time exceeds the execution time ... tT + tE/nStreams".
    for (const int n : { 1, 2, 4, 8 })
        EXPECT_DOUBLE_EQ(staged(1, n, 6000, 2000), 6000 + 2000.0 / n) << n;
}

TEST(StreamScheduler, WithoutCopyEnginesNothingOverlaps)
{
    EXPECT_DOUBLE_EQ(staged(0, 4, 4000, 4000), 8000);
}

TEST(StreamScheduler, DefaultStreamOperationOverlapsNothing)
{
    StreamScheduler scheduler(2);
    scheduler.submit(kernel(1, 100));
    const auto barrier = scheduler.submit(kernel(0, 50));
    EXPECT_DOUBLE_EQ(barrier.startUs, 100); // waits for stream 1
    const auto after = scheduler.submit(copyIn(2, 10));
    EXPECT_DOUBLE_EQ(after.startUs, 150); // stream 2 waits for the default stream
}

TEST(StreamScheduler, OneCopyEngineSerializesDirectionsTwoOverlapThem)
{
    StreamScheduler one(1);
    one.submit(copyIn(1, 100));
    EXPECT_DOUBLE_EQ(one.submit(copyOut(2, 100)).startUs, 100);
    StreamScheduler two(2);
    two.submit(copyIn(1, 100));
    EXPECT_DOUBLE_EQ(two.submit(copyOut(2, 100)).startUs, 0);
    EXPECT_DOUBLE_EQ(two.submit(kernel(3, 100)).startUs, 0);
}

TEST(StreamScheduler, PageableAsyncCopyBlocksTheHost)
{
    // The overlap "requires pinned host memory": a pageable async copy returns only when done.
    StreamScheduler scheduler(2);
    scheduler.submit(copyIn(1, 100, true, false));
    EXPECT_DOUBLE_EQ(scheduler.hostTimeUs(), 100);
    EXPECT_DOUBLE_EQ(scheduler.submit(kernel(2, 10)).startUs, 100);
    StreamScheduler pinned(2);
    pinned.submit(copyIn(1, 100));
    EXPECT_DOUBLE_EQ(pinned.hostTimeUs(), 0);
    EXPECT_DOUBLE_EQ(pinned.submit(kernel(2, 10)).startUs, 0);
}

TEST(StreamScheduler, EventsOrderStreams)
{
    StreamScheduler scheduler(2);
    scheduler.submit(copyIn(1, 100));
    scheduler.record("copied", 1);
    EXPECT_TRUE(scheduler.wait(2, "copied"));
    EXPECT_DOUBLE_EQ(scheduler.submit(kernel(2, 10)).startUs, 100);
    EXPECT_FALSE(scheduler.wait(2, "never"));
    EXPECT_DOUBLE_EQ(*scheduler.eventTimeUs("copied"), 100);
}

TEST(StreamScheduler, StreamSynchronizeWaitsForThatStreamOnly)
{
    StreamScheduler scheduler(2);
    scheduler.submit(kernel(1, 100));
    scheduler.submit(copyOut(2, 30));
    scheduler.synchronize(2);
    EXPECT_DOUBLE_EQ(scheduler.hostTimeUs(), 30);
    scheduler.synchronize(std::nullopt);
    EXPECT_DOUBLE_EQ(scheduler.hostTimeUs(), 100);
}

} // namespace

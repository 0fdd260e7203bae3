// GlobalAccessCounts: what one global access adds to the memory counters. An access moved by whole lines adds the
// same (best-practices-guide-v8.0.txt §9.2.1: sectors of 32 bytes grouped in 128-byte lines, both aligned), which a
// recorder that meets it again adds without coalescing it again (timing/global_access_memo.h).
#include "engine/memory/touched_blocks.h"
#include "engine/profiling/memory_counters.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/memory/warp_patterns.h"

#include <gtest/gtest.h>

namespace {

engine::simt::MemoryEvent loadEvent(const engine::WarpAccess& access)
{
    engine::simt::MemoryEvent event;
    event.pc = 1;
    event.space = engine::simt::MemorySpace::Global;
    event.op = engine::simt::MemoryOp::Load;
    event.activeMask = access.activeMask;
    event.bytesPerLane = static_cast<std::uint32_t>(access.bytesPerLane);
    event.laneAddresses = &access.laneAddresses;
    event.warp.blockLinear = 1; // not block 0: no sampled request
    return event;
}

engine::GlobalAccessCounts countOnce(engine::MemoryCounters& counters, const engine::WarpAccess& access)
{
    engine::TouchedBlocks sectors;
    engine::collectTouchedBlocks(access, access.activeMask, 32, sectors);
    const auto counted = counters.onGlobalSectors(loadEvent(access), access, sectors);
    EXPECT_TRUE(counted.has_value());
    return counted.value_or(engine::GlobalAccessCounts {});
}

} // namespace

TEST(GlobalAccessCounts, AnAccessMovedByWholeLinesAddsWhatTheFirstOneAdded)
{
    // offsetCopy with an offset of one word (§9.2.1.3): five sectors over two lines, the same a line further on.
    for (const char* device : { "h100", "k20x", "g80" }) {
        const auto& profile = testing_fixtures::builtinProfile(device);
        const auto first = testing_fixtures::offsetCopyWarp(1);
        const auto next = testing_fixtures::offsetCopyWarp(1 + 32);
        engine::MemoryCounters counted(profile, 0, 4, engine::MemoryCounters::Writers::One);
        engine::MemoryCounters replayed(profile, 0, 4, engine::MemoryCounters::Writers::One);
        const engine::GlobalAccessCounts once = countOnce(counted, first);
        EXPECT_EQ(once.requests, 1u) << device;
        EXPECT_EQ(once.bytesRequested, 128u) << device;
        countOnce(replayed, first);
        const engine::GlobalAccessCounts again = countOnce(counted, next);
        replayed.onGlobalCounts(loadEvent(next), once);
        EXPECT_EQ(again.sectors, once.sectors) << device;
        EXPECT_EQ(again.transactions, once.transactions) << device;
        EXPECT_EQ(again.bytesMoved, once.bytesMoved) << device;
        const auto a = counted.totals();
        const auto b = replayed.totals();
        EXPECT_EQ(a.globalLoadRequests, b.globalLoadRequests) << device;
        EXPECT_EQ(a.globalLoadSectors, b.globalLoadSectors) << device;
        EXPECT_EQ(a.globalLoadTransactions, b.globalLoadTransactions) << device;
        EXPECT_EQ(a.globalLoadBytesMoved, b.globalLoadBytesMoved) << device;
        EXPECT_EQ(counted.perPc()[1].transactions, replayed.perPc()[1].transactions) << device;
        EXPECT_EQ(replayed.perPc()[1].requests, 2u) << device;
    }
}

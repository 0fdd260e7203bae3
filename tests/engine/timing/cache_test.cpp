// L1/L2 sector caches and the DRAM server: worked cases for each policy.
#include "engine/timing/dram_model.h"
#include "engine/timing/l1_cache.h"
#include "engine/timing/l2_cache.h"
#include "engine/timing/memory_hierarchy.h"
#include "tests/engine/device_fixtures.h"

#include <gtest/gtest.h>

#include <memory>

using namespace engine::timing;

namespace {
constexpr std::array<std::uint32_t, 4> kWhole { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu };
}

TEST(SectorCache, LeastRecentlyUsedWayIsEvicted)
{
    SectorCache cache(2 * 128, 128, 2); // one set of two ways
    ASSERT_EQ(cache.sets(), 1u);
    Eviction e;
    cache.allocate(0, e);
    cache.allocate(128, e);
    ASSERT_NE(cache.find(0), nullptr); // 0 is now the most recent
    cache.allocate(256, e);
    EXPECT_NE(cache.find(0), nullptr);
    EXPECT_EQ(cache.find(128), nullptr);
    EXPECT_NE(cache.find(256), nullptr);
}

TEST(SectorCache, AccessFindsOrAllocatesLikeFindThenAllocate)
{
    SectorCache cache(2 * 128, 128, 2); // one set of two ways
    EXPECT_EQ(cache.fill(), 0.0);
    const auto first = cache.access(0);
    EXPECT_FALSE(first.hit);
    first.line->dirty = 0b0001;
    EXPECT_TRUE(cache.access(0).hit);
    EXPECT_FALSE(cache.access(128).hit);
    EXPECT_EQ(cache.fill(), 1.0);
    ASSERT_TRUE(cache.access(0).hit); // 0 is now the most recent, so 256 evicts 128 (clean)
    const auto third = cache.access(256);
    EXPECT_FALSE(third.hit);
    EXPECT_EQ(third.evicted.dirty, 0);
    EXPECT_EQ(cache.find(128), nullptr);
    const auto fourth = cache.access(512); // evicts 0, dirty
    EXPECT_EQ(fourth.evicted.dirty, 0b0001);
    EXPECT_EQ(fourth.line->dirty, 0); // the new line starts clean
    cache.invalidateAll();
    EXPECT_EQ(cache.fill(), 0.0);
}

TEST(L1Cache, SectorsHitOnlyAfterTheyWereLoaded)
{
    L1Cache l1(16 * 1024, 128, 32, 4);
    EXPECT_EQ(l1.load(0, 0b0011, 0).hit, 0); // cold
    EXPECT_EQ(l1.load(0, 0b0011, 0).hit, 0b0011);
    const auto third = l1.load(0, 0b0111, 0); // sectors 0 and 1 now hit, 2 misses and is fetched alone
    EXPECT_EQ(third.hit, 0b0011);
    EXPECT_EQ(third.fill, 0b0100);
    EXPECT_EQ(l1.load(0, 0b0100, 0).hit, 0b0100);
}

TEST(L1Cache, FermiLinesAreOneSector)
{
    // best-practices-guide-v8.0.txt §9.2.1: CC 2.x L1 caches whole 128-byte lines.
    L1Cache l1(16 * 1024, 128, 128, 4);
    const auto miss = l1.load(0, 0b0001, 0);
    EXPECT_EQ(miss.hit, 0);
    EXPECT_EQ(miss.fill, 0b1111); // a miss fetches the whole line from L2, not only the touched sector
    const auto hit = l1.load(0, 0b1000, 0);
    EXPECT_EQ(hit.hit, 0b1000);
    EXPECT_EQ(hit.fill, 0);
}

TEST(L2Cache, StoresAllocateWithoutReadingAndWriteBackDirtySectors)
{
    L2Cache l2(2 * 128, 128, 1); // two sets, direct mapped
    const L2Outcome store = l2.write(0, 0b1111, kWhole);
    EXPECT_EQ(store.fillSectors, 0);
    EXPECT_EQ(l2.read(0, 0b0001, 0).hitSectors, 0b0001); // written data is readable
    // Evict line 0 by line 2 (256), which maps to the same of the two sets: four dirty sectors go to DRAM.
    const std::uint64_t conflicting = 256;
    const L2Outcome evict = l2.read(conflicting, 0b0001, 0);
    EXPECT_EQ(evict.writebackBytes, 128u);
    EXPECT_EQ(evict.writebackFillBytes, 0u);
    EXPECT_EQ(evict.fillSectors, 0b0001);
}

TEST(L2Cache, PartlyWrittenSectorsAreCompletedFromDramOnEviction)
{
    // h100 strideCopy stride 2 (kernel_counters_ncu.csv): extra DRAM reads equal the DRAM bytes written.
    L2Cache l2(128, 128, 1); // one line
    l2.write(0, 0b0011, { 0x0000ffffu, 0x0000ffffu, 0, 0 }); // half of two sectors written
    const L2Outcome evict = l2.read(128, 0b0001, 0);
    EXPECT_EQ(evict.writebackBytes, 64u);
    EXPECT_EQ(evict.writebackFillBytes, 64u);
}

TEST(L2Cache, TwoHalfWritesOfOneSectorMakeItWhole)
{
    // h100 offsetCopy at offset 1 (kernel_counters_ncu.csv): DRAM reads equal the aligned case's, so
    // neighbouring warps' partial writes of a sector merge in the L2.
    L2Cache l2(128, 128, 1);
    l2.write(0, 0b0001, { 0x0000ffffu, 0, 0, 0 });
    l2.write(0, 0b0001, { 0xffff0000u, 0, 0, 0 });
    const L2Outcome evict = l2.read(128, 0b0001, 0);
    EXPECT_EQ(evict.writebackBytes, 32u);
    EXPECT_EQ(evict.writebackFillBytes, 0u);
}

TEST(L2Cache, FetchChunksWidenMissedSectorsToAlignedGroups)
{
    EXPECT_EQ(widenToChunks(0b0001, 1), 0b0001);
    EXPECT_EQ(widenToChunks(0b0001, 2), 0b0011);
    EXPECT_EQ(widenToChunks(0b0100, 2), 0b1100);
    EXPECT_EQ(widenToChunks(0b1000, 2), 0b1100);
    EXPECT_EQ(widenToChunks(0b1001, 2), 0b1111);
    EXPECT_EQ(widenToChunks(0b0010, 4), 0b1111);
    EXPECT_EQ(widenToChunks(0b0000, 4), 0b0000);
}

TEST(L2Cache, AMissFetchesItsWholeChunkAndTheNeighbourThenHits)
{
    // cudaLimitMaxL2FetchGranularity = 64 (the H100's default, bench/hardware/h100/l2_fetch/): strideCopy at
    // stride 32 asks for one sector per line and DRAM moves two.
    L2Cache l2(128, 128, 1, 64);
    const auto miss = l2.read(0, 0b0001, 0);
    EXPECT_EQ(miss.fillSectors, 0b0001);
    EXPECT_EQ(miss.fetchSectors, 0b0011);
    const auto neighbour = l2.read(0, 0b0010, 0);
    EXPECT_EQ(neighbour.hitSectors, 0b0010);
    EXPECT_EQ(neighbour.fetchSectors, 0);
    const auto otherHalf = l2.read(0, 0b1000, 0);
    EXPECT_EQ(otherHalf.fetchSectors, 0b1100);
    // Valid sectors of a chunk are not fetched again: 128-byte chunks over a line whose first half is valid.
    L2Cache whole(128, 128, 1, 128);
    whole.read(0, 0b0011, 0);
    EXPECT_EQ(whole.read(0, 0b0000, 0).fetchSectors, 0);
    L2Cache wide(128, 128, 1, 128);
    EXPECT_EQ(wide.read(0, 0b0100, 0).fetchSectors, 0b1111);
    // A partly written sector inside a fetched chunk is completed by the fetch: no read-modify-write later.
    L2Cache merged(128, 128, 1, 64);
    merged.write(0, 0b0010, { 0, 0x0000000fu, 0, 0 });
    EXPECT_EQ(merged.read(0, 0b0001, 0).fetchSectors, 0b0011);
    const auto evicted = merged.read(128, 0b0001, 0); // the only line goes
    EXPECT_EQ(evicted.writebackBytes, 32u);
    EXPECT_EQ(evicted.writebackFillBytes, 0u);
}

TEST(L2Cache, ASectorStillOnItsWayFromDramIsWaitedForNotHit)
{
    // offsetCopy at offset 1 on an H100: warp k's miss fetches the 64-byte chunk holding warp k + 1's first
    // sector; warp k + 1 asks for it a few cycles later, while the fill is in flight. It waits for that fill
    // (the DRAM latency, not an L2 hit's) instead of fetching again.
    L2Cache l2(128, 128, 1, 64);
    const auto miss = l2.read(0, 0b0001, 100);
    EXPECT_EQ(miss.fetchSectors, 0b0011);
    l2.fillArrivesAt(800);
    const auto early = l2.read(0, 0b0010, 120);
    EXPECT_EQ(early.hitSectors, 0);
    EXPECT_EQ(early.waitingSectors, 0b0010);
    EXPECT_EQ(early.fetchSectors, 0);
    EXPECT_EQ(early.fillArrives, 800u);
    const auto late = l2.read(0, 0b0010, 801); // arrived: an ordinary hit
    EXPECT_EQ(late.hitSectors, 0b0010);
    EXPECT_EQ(late.waitingSectors, 0);
    // Cycles restart with each launch: a fill sent by the last launch has arrived.
    l2.read(0, 0b0100, 900);
    l2.fillArrivesAt(5000);
    l2.beginLaunch();
    EXPECT_EQ(l2.read(0, 0b1000, 10).hitSectors, 0b1000);
}

TEST(L2Cache, FetchGranularityNeverExceedsTheLine)
{
    L2Cache l2(64, 32, 2, 128); // 32-byte lines: a chunk is one sector
    EXPECT_EQ(l2.read(0, 0b0001, 0).fetchSectors, 0b0001);
}

TEST(DramModel, ServesAtTheTheoreticalBandwidthAfterItsLatency)
{
    const auto& v100 = testing_fixtures::builtinProfile("v100");
    DramModel dram(v100);
    // 898.048 GB/s at 1530 MHz = 586.96 bytes per core cycle (best-practices-guide-current.txt §8.2.1).
    EXPECT_NEAR(dram.bytesPerCycle(), 898.048e9 / 1530e6, 1e-6);
    const std::uint64_t first = dram.read(0, 32);
    const auto latency = static_cast<std::uint64_t>(v100.timing.dramLatencyCycles);
    EXPECT_EQ(first, 1u + latency);
    // A burst of 64 KB queues: the last read waits for the bytes before it.
    std::uint64_t last = 0;
    for (int i = 0; i < 2048; ++i)
        last = dram.read(0, 32);
    EXPECT_NEAR(double(last - latency), 2049 * 32 / dram.bytesPerCycle(), 1.0);
    EXPECT_EQ(dram.bytesRead(), 2049u * 32u);
}

TEST(DramModel, H100SustainsTheBandwidthACopyReachedOnTheH100)
{
    // bench/hardware/h100/block_size/block_size_ncu.csv: a grid-stride float4 copy moves 112.5 MB of DRAM
    // traffic in 44.2 us on an H100, 2544 GB/s of the theoretical 3352.3 (0.759). The DRAM model serves that
    // rate: 1 GB through an idle DRAM takes 1 GB / 2544 GB/s = 393 us at the profile's clock.
    const auto& h100 = testing_fixtures::builtinProfile("h100");
    DramModel dram(h100);
    const double cycles = static_cast<double>(dram.read(0, 1'000'000'000u)) - h100.timing.dramLatencyCycles;
    EXPECT_NEAR(cycles / h100.coreClockMhz, 1e9 / 2544e9 * 1e6, 1.0);
}

TEST(DramModel, CountsInTheAccessGranularity)
{
    DramModel dram(testing_fixtures::builtinProfile("h100"));
    dram.write(0, 4);
    EXPECT_EQ(dram.bytesWritten(), 32u);
}

TEST(MemoryHierarchy, EachLevelAddsItsLatency)
{
    const auto& h100 = testing_fixtures::builtinProfile("h100");
    MemoryHierarchy memory(h100);
    memory.beginLaunch(l1DataBytes(h100, 0));
    const MemTxn txn { 4096, 128, 0b1111, 0, 0, {} };
    const std::uint64_t fromDram = memory.load(0, { &txn, 1 }, 1000, true);
    EXPECT_GE(fromDram, 1000u + static_cast<std::uint64_t>(h100.timing.dramLatencyCycles));
    EXPECT_EQ(memory.load(0, { &txn, 1 }, 5000, true), 5000u + static_cast<std::uint64_t>(h100.timing.l1HitLatencyCycles));
    EXPECT_EQ(memory.load(1, { &txn, 1 }, 6000, true), 6000u + static_cast<std::uint64_t>(h100.timing.l2HitLatencyCycles));
    EXPECT_EQ(memory.dramBytesRead(), 128u);
    EXPECT_EQ(memory.counters().l1HitSectors, 4u);
    EXPECT_EQ(memory.counters().l2HitSectors, 4u);
}

TEST(MemoryHierarchy, ALoadOfALineInFlightWaitsForItsFill)
{
    // docs/timing_rules_h100.md, "Misses in flight": on the H100 PolyBench atax's eight warps of a block, walking
    // the same lines, take a DRAM latency per line as one warp alone does. A second warp's load of a sector the
    // L1 is still fetching gets its data when the fill arrives, not after the L1 hit latency.
    const auto& h100 = testing_fixtures::builtinProfile("h100");
    MemoryHierarchy memory(h100);
    memory.beginLaunch(l1DataBytes(h100, 0));
    const MemTxn txn { 8192, 128, 0b1111, 0, 0, {} };
    const std::uint64_t fill = memory.load(0, { &txn, 1 }, 1000, true);
    ASSERT_GE(fill, 1000u + static_cast<std::uint64_t>(h100.timing.dramLatencyCycles));
    EXPECT_EQ(memory.load(0, { &txn, 1 }, 1010, true), fill); // merged into the fill in flight
    EXPECT_EQ(memory.counters().l1HitSectors, 4u); // counted as hits: the tag is there
    EXPECT_EQ(memory.dramBytesRead(), 128u); // and not fetched again
    EXPECT_EQ(memory.load(0, { &txn, 1 }, fill + 5, true),
        fill + 5 + static_cast<std::uint64_t>(h100.timing.l1HitLatencyCycles)); // arrived: a plain hit
}

TEST(MemoryHierarchy, ACopyLeavesWhatFitsOfItInTheL2)
{
    // docs/calibration.md, "Public kernels": on an H100 PolyBench gemm right after its inputs were copied in
    // takes 31 872 SM cycles, 46 658 when ncu empties the caches first; the copy engines write through the L2.
    const auto& h100 = testing_fixtures::builtinProfile("h100");
    MemoryHierarchy memory(h100);
    memory.beginLaunch(l1DataBytes(h100, 0));
    const auto l2 = static_cast<std::uint64_t>(h100.caches.l2Bytes);
    const std::uint64_t base = 1ull << 32;
    memory.deviceWrite(base, 2 * l2 + 64); // more than fits: only the last L2-size bytes stay
    const std::uint64_t l2Hit = static_cast<std::uint64_t>(h100.timing.l2HitLatencyCycles);
    const MemTxn last { base + 2 * l2, 128, 0b0011, 0, 0, {} }; // the copy's last 64 bytes
    EXPECT_EQ(memory.load(0, { &last, 1 }, 1000, true), 1000 + l2Hit);
    const MemTxn first { base, 128, 0b1111, 0, 0, {} };
    EXPECT_GT(memory.load(0, { &first, 1 }, 2000, true), 2000 + l2Hit); // long since evicted: from DRAM
    const MemTxn beyond { base + 2 * l2, 128, 0b1100, 0, 0, {} }; // bytes of that line the copy did not write
    EXPECT_GT(memory.load(1, { &beyond, 1 }, 3000, true), 3000 + l2Hit);
}

TEST(MemoryHierarchy, H100DependentLoadsCostWhatPointerChasingMeasured)
{
    // bench/hardware/h100/latency/latency_probe.csv (docs/latency_h100.md): one thread chasing pointers on an H100
    // waits 39.6 cycles for an L1 hit, 275.9 for an L2 hit (with or without the L1 looked up first) and 683 for
    // DRAM, load to use. A lone load on an idle hierarchy sees exactly the level's latency (DRAM adds the
    // transfer of one 64-byte chunk, under a cycle at 3.35 TB/s).
    const auto& h100 = testing_fixtures::builtinProfile("h100");
    MemoryHierarchy memory(h100);
    memory.beginLaunch(l1DataBytes(h100, 0));
    const MemTxn txn { 1 << 20, 32, 0b0001, 0, 0, {} };
    const std::uint64_t dram = memory.load(0, { &txn, 1 }, 0, true);
    EXPECT_NEAR(static_cast<double>(dram), 683.0, 683.0 * 0.02);
    EXPECT_NEAR(static_cast<double>(memory.load(0, { &txn, 1 }, 10'000, true) - 10'000), 39.6, 39.6 * 0.02);
    EXPECT_NEAR(static_cast<double>(memory.load(1, { &txn, 1 }, 20'000, true) - 20'000), 275.9, 275.9 * 0.02);
    EXPECT_NEAR(static_cast<double>(memory.load(2, { &txn, 1 }, 30'000, false) - 30'000), 275.9, 275.9 * 0.02);
}

TEST(MemoryHierarchy, FermiL1MissesFetchWholeLines)
{
    // best-practices-guide-v8.0.txt §9.2.1 (CC 2.x, loads cached in L1): a warp reading one misaligned
    // 128-byte span (offsetCopy at offset 1) touches two lines, and each L1 miss moves a whole 128-byte line;
    // the next warp's request then hits the second line in L1 without another DRAM read.
    const auto& c2050 = testing_fixtures::builtinProfile("c2050");
    MemoryHierarchy memory(c2050);
    memory.beginLaunch(l1DataBytes(c2050, 0));
    const MemTxn first[] = { { 0, 124, 0b1111, 0, 0, {} }, { 128, 4, 0b0001, 0, 0, {} } };
    (void)memory.load(0, first, 0, true);
    EXPECT_EQ(memory.dramBytesRead(), 256u);
    const MemTxn second[] = { { 128, 124, 0b1111, 0, 0, {} }, { 256, 4, 0b0001, 0, 0, {} } };
    (void)memory.load(0, second, 100, true);
    EXPECT_EQ(memory.dramBytesRead(), 384u);
    EXPECT_EQ(memory.counters().l1HitSectors, 4u);
}

TEST(MemoryHierarchy, L1DataCapacityIsWhatSharedMemoryLeaves)
{
    const auto& h100 = testing_fixtures::builtinProfile("h100");
    EXPECT_EQ(l1DataBytes(h100, 0), 262144u);
    EXPECT_EQ(l1DataBytes(h100, 2 * 8192), 262144u - 16384u);
    EXPECT_EQ(l1DataBytes(testing_fixtures::builtinProfile("m2090"), 48 * 1024), 16384u); // L1 listed alone on 2.x
}

TEST(MemoryHierarchy, ACopyKeptOnSeveralThreadsLeavesTheL2AndDramAsOnOne)
{
    // MemoryHierarchy::deviceWrite shares the L2's sets among threads (device_write.cpp). Dirty lines of an earlier
    // launch, some only partly written, are evicted by the copy: their write-backs, and the reads that complete
    // their partial sectors, reach DRAM's queue in the copy's order on any thread count.
    const auto& h100 = testing_fixtures::builtinProfile("h100");
    const auto l2 = static_cast<std::uint64_t>(h100.caches.l2Bytes);
    const std::uint64_t base = 1ull << 32;
    const auto copied = [&](unsigned threads) {
        auto memory = std::make_unique<MemoryHierarchy>(h100);
        memory->beginLaunch(l1DataBytes(h100, 0));
        for (std::uint64_t i = 0; i < 4096; ++i) {
            const std::uint32_t half = i % 3 == 0 ? 0x0000ffffu : 0xffffffffu; // a third only partly written
            const MemTxn store { (1ull << 30) + i * 4096, 128, 0b1111, 0, 0, { half, half, half, half } };
            memory->store(0, { &store, 1 }, i);
        }
        memory->deviceWrite(base + 4, 2 * l2 + 100, threads);
        return memory;
    };
    for (const unsigned threads : { 2u, 3u, 7u }) {
        const auto one = copied(1); // afresh: the loads below change it
        ASSERT_GT(one->dramBytesWritten(), 0u); // the dirty lines were evicted
        const auto many = copied(threads);
        EXPECT_EQ(many->dramBytesRead(), one->dramBytesRead()) << threads;
        EXPECT_EQ(many->dramBytesWritten(), one->dramBytesWritten()) << threads;
        EXPECT_EQ(many->l2Fill(), one->l2Fill()) << threads;
        // The same lines stay, and DRAM's queue ends where it ended: a miss waits as long after the copy.
        for (std::uint64_t offset = 0; offset < 2 * l2 + 100; offset += l2 / 7) {
            const MemTxn load { (base + 4 + offset) / 128 * 128, 128, 0b1111, 0, 0, {} };
            EXPECT_EQ(many->load(1, { &load, 1 }, 10, false), one->load(1, { &load, 1 }, 10, false))
                << threads << " threads, offset " << offset;
        }
    }
}

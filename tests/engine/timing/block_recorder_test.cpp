// BlockRecorder: a global access becomes one transaction per 128-byte line, in the order the warp's lanes first
// touch the lines (best-practices-guide-current.txt §9.2.1: sectors grouped in lines), with the bytes a store
// writes per sector; the counters see the same access.
#include "../device_fixtures.h"
#include "../simt/simt_test_util.h"
#include "engine/timing/block_recorder.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace {

const char* kBlockRecorderKernel = R"(.version 8.5
.target sm_80
.address_size 64
.visible .entry touch(.param .u64 p)
{
    .reg .b32 %r<2>;
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [p];
    ld.global.u32 %r1, [%rd1];
    st.global.u32 [%rd1], %r1;
    ret;
}
)";

constexpr std::uint64_t kBase = 0x7f0000100000;

struct Recorded {
    engine::timing::WarpTrace trace;
    engine::MemoryCounterTotals totals;
};

/// Warp 0 of block 0 issues the instruction at `pc` once per entry of `accesses`, each time accessing its
/// addresses (4 bytes a lane) with `mask`.
Recorded recordEach(std::uint32_t pc, engine::simt::MemoryOp op,
    const std::vector<std::array<std::uint64_t, 32>>& accesses, std::uint32_t mask = 0xFFFFFFFFu,
    const char* device = "h100")
{
    const auto module = simt_testing::parse(kBlockRecorderKernel);
    const auto kernel = static_cast<std::uint32_t>(module.findFunction("touch"));
    engine::timing::BlockRecorder recorder(testing_fixtures::builtinProfile(device), module, kernel, 1);
    for (const auto& addresses : accesses) {
        engine::simt::IssueEvent issue;
        issue.function = kernel;
        issue.pc = pc;
        issue.activeMask = mask;
        recorder.onIssue(issue);
        engine::simt::MemoryEvent access;
        access.function = kernel;
        access.pc = pc;
        access.op = op;
        access.activeMask = mask;
        access.bytesPerLane = 4;
        access.laneAddresses = &addresses;
        recorder.onMemory(access);
    }
    Recorded out;
    out.totals = recorder.counters().totals();
    out.trace = std::move(recorder.takeTraces({})[0]);
    return out;
}

Recorded record(std::uint32_t pc, engine::simt::MemoryOp op, const std::array<std::uint64_t, 32>& addresses,
    std::uint32_t mask = 0xFFFFFFFFu, const char* device = "h100")
{
    return recordEach(pc, op, { addresses }, mask, device);
}

std::array<std::uint64_t, 32> moved(std::array<std::uint64_t, 32> addresses, std::uint64_t bytes)
{
    for (auto& address : addresses)
        address += bytes;
    return addresses;
}

void expectSameTransactions(std::span<const engine::timing::MemTxn> got, std::span<const engine::timing::MemTxn> want)
{
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        EXPECT_EQ(got[i].address, want[i].address) << i;
        EXPECT_EQ(got[i].bytes, want[i].bytes) << i;
        EXPECT_EQ(got[i].sectors, want[i].sectors) << i;
        EXPECT_EQ(got[i].fullSectors, want[i].fullSectors) << i;
        EXPECT_EQ(got[i].atomicLanes, want[i].atomicLanes) << i;
        EXPECT_EQ(got[i].byteMasks, want[i].byteMasks) << i;
    }
}

} // namespace

TEST(BlockRecorder, ALineATransactionInTheOrderLanesFirstTouchThem)
{
    // Lane k reads line 31 - k (descending), lanes 16..31 a second word of the same lines as lanes 15..0.
    std::array<std::uint64_t, 32> addresses {};
    for (std::size_t lane = 0; lane < 16; ++lane)
        addresses[lane] = kBase + (15 - lane) * 128;
    for (std::size_t lane = 16; lane < 32; ++lane)
        addresses[lane] = kBase + (lane - 16) * 128 + 64;
    const Recorded r = record(1, engine::simt::MemoryOp::Load, addresses);
    ASSERT_EQ(r.trace.txns.size(), 16u);
    for (std::size_t i = 0; i < 16; ++i) {
        EXPECT_EQ(r.trace.txns[i].address, kBase + (15 - i) * 128) << i; // lane i's line first
        EXPECT_EQ(r.trace.txns[i].sectors, 0b0101) << i; // bytes 0..3 and 64..67
        EXPECT_EQ(r.trace.txns[i].bytes, 64u) << i;
    }
    EXPECT_EQ(r.totals.globalLoadRequests, 1u);
    EXPECT_EQ(r.totals.globalLoadSectors, 32u);
    EXPECT_EQ(r.totals.globalLoadTransactions, 32u); // H100: 32-byte sectors, cached or not (§9.2.1)
}

TEST(BlockRecorder, AStoreMarksTheSectorsItWritesWhole)
{
    // Lanes 0..7 write sector 0 of the line whole; lanes 8..11 half of sector 1; the rest are off.
    std::array<std::uint64_t, 32> addresses {};
    for (std::size_t lane = 0; lane < 32; ++lane)
        addresses[lane] = kBase + lane * 4;
    const Recorded r = record(2, engine::simt::MemoryOp::Store, addresses, 0x00000FFFu);
    ASSERT_EQ(r.trace.txns.size(), 1u);
    const engine::timing::MemTxn& t = r.trace.txns[0];
    EXPECT_EQ(t.address, kBase);
    EXPECT_EQ(t.sectors, 0b0011);
    EXPECT_EQ(t.fullSectors, 0b0001);
    EXPECT_EQ(t.byteMasks[0], 0xFFFFFFFFu);
    EXPECT_EQ(t.byteMasks[1], 0x0000FFFFu);
    EXPECT_EQ(r.totals.globalStoreSectors, 2u);
    EXPECT_EQ(r.totals.globalStoreBytesRequested, 48u);
}

TEST(BlockRecorder, AnAccessMovedAsAWholeGetsWhatItWouldAlone)
{
    // The second access of an instruction repeats the first moved by whole lines (the recorder then moves the
    // first's transactions) or by 4 bytes (a load keeps every lane in its sector and takes the first's
    // transactions; a store collects them again): either way the transactions and counters are those the moved
    // access gets when it is recorded alone.
    std::array<std::uint64_t, 32> addresses {};
    for (std::size_t lane = 0; lane < 32; ++lane)
        addresses[lane] = kBase + (31 - lane) / 3 * 128 + lane % 5 * 8;
    using engine::simt::MemoryOp;
    for (const auto& [op, pc] : { std::pair { MemoryOp::Store, 2u }, std::pair { MemoryOp::Load, 1u } }) {
        for (const std::uint64_t by : { std::uint64_t { 3 * 128 }, std::uint64_t { 4 } }) {
            const auto next = moved(addresses, by);
            const Recorded both = recordEach(pc, op, { addresses, next }, 0x7FFFFFFEu);
            const Recorded alone = record(pc, op, next, 0x7FFFFFFEu);
            const Recorded first = record(pc, op, addresses, 0x7FFFFFFEu);
            ASSERT_EQ(both.trace.ops.size(), 2u);
            const std::span<const engine::timing::MemTxn> all(both.trace.txns);
            const std::size_t firstCount = both.trace.ops[0].memCount;
            expectSameTransactions(all.subspan(firstCount), alone.trace.txns);
            EXPECT_EQ(both.trace.ops[1].wavefronts, alone.trace.ops[0].wavefronts);
            EXPECT_EQ(both.totals.globalStoreSectors + both.totals.globalLoadSectors,
                first.totals.globalStoreSectors + alone.totals.globalStoreSectors + first.totals.globalLoadSectors
                    + alone.totals.globalLoadSectors);
        }
    }
}

TEST(BlockRecorder, ATracesRoomComesAtTheNextBlocksFirstIssue)
{
    // Blocks run apart are taken one after the other on one thread (block_source.h): taking a block's traces
    // allocates nothing; the next block's warp gets the room the last one's took when it first issues.
    const auto module = simt_testing::parse(kBlockRecorderKernel);
    const auto kernel = static_cast<std::uint32_t>(module.findFunction("touch"));
    engine::timing::BlockRecorder recorder(testing_fixtures::builtinProfile("h100"), module, kernel, 1);
    engine::simt::IssueEvent issue;
    issue.function = kernel;
    issue.pc = 0;
    for (int i = 0; i < 100; ++i)
        recorder.onIssue(issue);
    EXPECT_EQ(recorder.takeTraces({})[0].ops.size(), 100u);
    const std::vector<engine::timing::WarpTrace> idle = recorder.takeTraces({}); // a block that issued nothing
    EXPECT_EQ(idle[0].ops.capacity(), 0u);
    for (int i = 0; i < 100; ++i)
        recorder.onIssue(issue);
    (void)recorder.takeTraces({});
    recorder.onIssue(issue);
    const std::vector<engine::timing::WarpTrace> next = recorder.takeTraces({});
    EXPECT_EQ(next[0].ops.size(), 1u);
    EXPECT_GE(next[0].ops.capacity(), 100u);
}

TEST(BlockRecorder, AnAccessMovedWithinItsSectorsCountsWhatItWouldAlone)
{
    // Lane k reads word k (every lane but the last of each 32-byte sector), then word k + 1 (a loop's next step):
    // every lane's sector stays where it was, but on compute capability 1.0 the first is coalesced (thread k reads
    // word k of an aligned segment, programming-guide-1.0 §5.1.2.1) and the second is not. The counters of the
    // second access are those it gets alone, on the G80 as on the H100.
    std::array<std::uint64_t, 32> addresses {};
    for (std::size_t lane = 0; lane < 32; ++lane)
        addresses[lane] = kBase + 4 * lane;
    const auto next = moved(addresses, 4);
    constexpr std::uint32_t kMask = 0x7F7F7F7Fu; // lanes 7, 15, 23, 31 off
    for (const char* device : { "g80", "h100" }) {
        const Recorded both = recordEach(1, engine::simt::MemoryOp::Load, { addresses, next }, kMask, device);
        const Recorded first = record(1, engine::simt::MemoryOp::Load, addresses, kMask, device);
        const Recorded alone = record(1, engine::simt::MemoryOp::Load, next, kMask, device);
        if (std::string(device) == "g80") { // the premise: the two accesses coalesce differently there
            EXPECT_NE(first.totals.globalLoadTransactions, alone.totals.globalLoadTransactions);
        }
        EXPECT_EQ(both.totals.globalLoadTransactions,
            first.totals.globalLoadTransactions + alone.totals.globalLoadTransactions) << device;
        EXPECT_EQ(both.totals.globalLoadBytesMoved, first.totals.globalLoadBytesMoved + alone.totals.globalLoadBytesMoved)
            << device;
        EXPECT_EQ(both.totals.globalLoadSectors, first.totals.globalLoadSectors + alone.totals.globalLoadSectors)
            << device;
    }
}

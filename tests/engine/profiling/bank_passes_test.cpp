// Per-PC bank passes (engine/profiling/memory_counters.h), from the Best Practices Guide's C = AAᵀ tile
// (best-practices-guide-v8.0.txt §9.2.2.3): the column write transposedTile[threadIdx.x][ty] with 32
// floats per row sends all 32 lanes to one bank in 32 passes; padding the row to 33 floats spreads them.
#include "engine/device/device_catalog.h"
#include "engine/host/kernel_executor.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "engine/profiling/memory_counters.h"
#include "tests/engine/test_paths.h"
#include "tests/engine/device_fixtures.h"

#include <gtest/gtest.h>

namespace {

/// A whole warp's 4-byte shared store at PC 2, lane k at k × rowFloats floats: the write of one column of a
/// row-major tile of rowFloats-float rows.
engine::simt::MemoryEvent columnWrite(int rowFloats, std::array<std::uint64_t, 32>& addresses)
{
    for (std::size_t lane = 0; lane < 32; ++lane)
        addresses[lane] = lane * static_cast<std::uint64_t>(rowFloats) * 4;
    engine::simt::MemoryEvent event;
    event.pc = 2;
    event.space = engine::simt::MemorySpace::Shared;
    event.op = engine::simt::MemoryOp::Store;
    event.activeMask = 0xFFFFFFFFu;
    event.bytesPerLane = 4;
    event.laneAddresses = &addresses;
    return event;
}

std::array<std::uint64_t, 32> bankPassesOfColumnWrite(int rowFloats)
{
    std::array<std::uint64_t, 32> addresses {};
    const engine::simt::MemoryEvent event = columnWrite(rowFloats, addresses);
    engine::MemoryCounters counters(testing_fixtures::builtinProfile("v100"), 0, 4);
    counters.onMemory(event);
    counters.onMemory(event);
    const auto pc = counters.perPc()[2];
    EXPECT_EQ(counters.perPc()[1].banks, nullptr); // no request there
    if (!pc.banks) {
        ADD_FAILURE() << "no bank counts at the PC of the store";
        return {};
    }
    for (std::size_t bank = 0; bank < 32; ++bank)
        EXPECT_EQ(pc.banks->requests[bank], pc.banks->passes[bank] == 0 ? 0u : 2u) << bank; // both requests touch it
    return pc.banks->passes;
}

} // namespace

TEST(BankPasses, AColumnWriteSerializesOnOneBankAndPaddingSpreadsIt)
{
    const auto unpadded = bankPassesOfColumnWrite(32);
    EXPECT_EQ(unpadded[0], 64u); // 32 passes per request, two requests
    for (std::size_t bank = 1; bank < 32; ++bank)
        EXPECT_EQ(unpadded[bank], 0u) << bank;
    const auto padded = bankPassesOfColumnWrite(33);
    for (std::size_t bank = 0; bank < 32; ++bank)
        EXPECT_EQ(padded[bank], 2u) << bank; // one pass per request on every bank
}

TEST(BankPasses, TheAatKernelsColumnStoreIsOneHotBank)
{
    auto loaded = engine::DeviceCatalog::load({});
    auto prepared = engine::prepareScenario(testing_paths::sourceDir() / "resources/scenarios/matrix/aat_coalesced_multiply.json",
        "v100", {}, loaded.catalog);
    ASSERT_TRUE(prepared.ok()) << prepared.error().toString();
    engine::FunctionalExecutor executor;
    auto report = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor);
    ASSERT_TRUE(report.ok()) << report.error().toString();
    const auto& outcome = report->launches.front().outcome;
    std::uint64_t hottest = 0;
    for (const auto& pc : outcome.perPcMemory) {
        if (pc.requests == 0 || pc.wavefronts == 0 || !pc.banks)
            continue;
        for (std::size_t bank = 0; bank < 32; ++bank) {
            if (pc.banks->requests[bank] != 0)
                hottest = std::max(hottest, pc.banks->passes[bank] / pc.banks->requests[bank]);
        }
    }
    EXPECT_EQ(hottest, 32u);
}

namespace {

/// Counts one shared access of a full warp on the H100 (lane i at `first + i * strideBytes`), `bytesPerLane` wide.
engine::MemoryCounterTotals sharedAccess(engine::MemoryCounters& counters, engine::simt::MemoryOp op,
    std::uint32_t bytesPerLane, std::uint64_t strideBytes)
{
    std::array<std::uint64_t, 32> addresses {};
    for (std::size_t lane = 0; lane < 32; ++lane)
        addresses[lane] = 0x100 + lane * strideBytes;
    engine::simt::MemoryEvent event;
    event.pc = 1;
    event.space = engine::simt::MemorySpace::Shared;
    event.op = op;
    event.activeMask = 0xFFFFFFFFu;
    event.bytesPerLane = bytesPerLane;
    event.laneAddresses = &addresses;
    counters.onMemory(event);
    return counters.totals();
}

} // namespace

// A warp reading consecutive float4s (LDS.128) takes 4 wavefronts on sm_90, one per quarter-warp, without any bank
// conflict: the ideal wavefronts are 4 too, so none of the 4 is a conflict.
TEST(SharedIdealWavefronts, AWideLoadWithoutConflictTakesItsIdealWavefronts)
{
    engine::MemoryCounters counters(testing_fixtures::builtinProfile("h100"), 0, 4);
    const auto totals = sharedAccess(counters, engine::simt::MemoryOp::Load, 16, 16);
    EXPECT_EQ(totals.sharedLoadRequests, 1u);
    EXPECT_EQ(totals.sharedLoadWavefronts, 4u);
    EXPECT_EQ(totals.sharedLoadIdealWavefronts, 4u);
    EXPECT_EQ(totals.sharedStoreIdealWavefronts, 0u);
}

// A stride of two words sends lanes i and i + 16 to one bank for different words: a 2-way conflict, 2 wavefronts
// where 1 would do. Moving the counts (a block run apart, committed) and clearing keep the ideal with the rest.
TEST(SharedIdealWavefronts, ATwoWayConflictTakesOneWavefrontMoreThanIdeal)
{
    const auto& h100 = testing_fixtures::builtinProfile("h100");
    engine::MemoryCounters counters(h100, 0, 4);
    const auto totals = sharedAccess(counters, engine::simt::MemoryOp::Store, 4, 8);
    EXPECT_EQ(totals.sharedStoreRequests, 1u);
    EXPECT_EQ(totals.sharedStoreWavefronts, 2u);
    EXPECT_EQ(totals.sharedStoreIdealWavefronts, 1u);
    EXPECT_EQ(totals.sharedLoadIdealWavefronts, 0u);

    engine::MemoryCounters launch(h100, 0, 4);
    sharedAccess(launch, engine::simt::MemoryOp::Store, 4, 8);
    counters.moveInto(launch);
    EXPECT_EQ(counters.totals().sharedStoreIdealWavefronts, 0u);
    EXPECT_EQ(launch.totals().sharedStoreWavefronts, 4u);
    EXPECT_EQ(launch.totals().sharedStoreIdealWavefronts, 2u);
    launch.clear();
    EXPECT_EQ(launch.totals().sharedStoreIdealWavefronts, 0u);
}

TEST(BankPasses, MovingCountersAddsThemToTheTargetsAndLeavesZeros)
{
    // A block run apart commits its counters into its launch's (timing/speculative_slot.h): per PC and per bank,
    // the launch's counts are the sum, the block's are zero and a second move adds nothing.
    const auto& v100 = testing_fixtures::builtinProfile("v100");
    std::array<std::uint64_t, 32> column {};
    const engine::simt::MemoryEvent event = columnWrite(32, column); // 32 floats a row: every lane on bank 0
    for (const auto writers : { engine::MemoryCounters::Writers::One, engine::MemoryCounters::Writers::Many }) {
        engine::MemoryCounters block(v100, 0, 4, engine::MemoryCounters::Writers::One);
        engine::MemoryCounters launch(v100, 0, 4, writers);
        block.onMemory(event);
        launch.onMemory(event);
        launch.onMemory(event);
        block.moveInto(launch);
        block.moveInto(launch);
        EXPECT_EQ(launch.perPc()[2].requests, 3u);
        ASSERT_NE(launch.perPc()[2].banks, nullptr);
        EXPECT_EQ(launch.perPc()[2].banks->passes[0], 96u);
        EXPECT_EQ(launch.perPc()[2].banks->requests[0], 3u);
        EXPECT_EQ(launch.perPc()[1].requests, 0u);
        EXPECT_EQ(launch.totals().sharedStoreRequests, 3u);
        EXPECT_EQ(launch.totals().sharedStoreWavefronts, 96u);
        EXPECT_EQ(block.perPc()[2].requests, 0u);
        EXPECT_EQ(block.perPc()[2].banks, nullptr); // moved: nothing left to count
        EXPECT_EQ(block.totals().sharedStoreRequests, 0u);
    }
}

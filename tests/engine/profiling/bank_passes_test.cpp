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

std::array<std::uint64_t, 32> bankPassesOfColumnWrite(int rowFloats)
{
    std::array<std::uint64_t, 32> addresses {};
    for (std::size_t lane = 0; lane < 32; ++lane)
        addresses[lane] = lane * static_cast<std::uint64_t>(rowFloats) * 4;
    engine::MemoryCounters counters(testing_fixtures::builtinProfile("v100"), 0, 4);
    engine::simt::MemoryEvent event;
    event.pc = 2;
    event.space = engine::simt::MemorySpace::Shared;
    event.op = engine::simt::MemoryOp::Store;
    event.activeMask = 0xFFFFFFFFu;
    event.bytesPerLane = 4;
    event.laneAddresses = &addresses;
    counters.onMemory(event);
    counters.onMemory(event);
    const auto pc = counters.perPc()[2];
    for (std::size_t bank = 0; bank < 32; ++bank)
        EXPECT_EQ(pc.bankRequests[bank], pc.bankPasses[bank] == 0 ? 0u : 2u) << bank; // both requests touch it
    return pc.bankPasses;
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
        if (pc.requests == 0 || pc.wavefronts == 0)
            continue;
        for (std::size_t bank = 0; bank < 32; ++bank) {
            if (pc.bankRequests[bank] != 0)
                hottest = std::max(hottest, pc.bankPasses[bank] / pc.bankRequests[bank]);
        }
    }
    EXPECT_EQ(hottest, 32u);
}

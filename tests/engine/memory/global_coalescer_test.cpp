// The profile picks the coalescing rule of its generation.
#include "engine/memory/global_coalescer.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/memory/warp_patterns.h"

#include <gtest/gtest.h>

#include <vector>

using namespace testing_fixtures;

TEST(GlobalCoalescer, EachProfileGetsItsGenerationsRule)
{
    const std::pair<const char*, std::string> expected[] = { { "g80", "CC 1.0/1.1 strict half-warp coalescing" },
        { "c1060", "CC 1.2/1.3 segment coalescing" }, { "c2050", "CC 2.x L1-line / L2-segment coalescing" },
        { "m2090", "CC 2.x L1-line / L2-segment coalescing" }, { "k20x", "CC 3.0+ sectored coalescing" },
        { "v100", "CC 3.0+ sectored coalescing" }, { "a100", "CC 3.0+ sectored coalescing" },
        { "h100", "CC 3.0+ sectored coalescing" } };
    for (const auto& [device, rule] : expected)
        EXPECT_EQ(engine::makeGlobalCoalescer(builtinProfile(device))->ruleName(), rule) << device;
}

TEST(GlobalCoalescer, OffsetOneAcrossGenerations)
{
    // One misaligned warp, four generations: 32 (1.0), 3 (1.3), 2 lines (2.0), 5 sectors (7.0).
    const std::pair<const char*, int> expected[] = { { "g80", 32 }, { "c1060", 3 }, { "m2090", 2 }, { "v100", 5 } };
    for (const auto& [device, transactions] : expected) {
        engine::CoalescingResult result;
        engine::makeGlobalCoalescer(builtinProfile(device))->coalesce(offsetCopyWarp(1), result);
        EXPECT_EQ(result.transactionCount, transactions) << device;
        EXPECT_EQ(result.bytesRequested, 128u) << device;
    }
}

TEST(GlobalCoalescer, EveryGenerationExplainsItself)
{
    for (const char* device : { "g80", "c1060", "m2090", "k20x", "h100" }) {
        const std::string text = engine::makeGlobalCoalescer(builtinProfile(device))->explain(offsetCopyWarp(1));
        EXPECT_FALSE(text.empty()) << device;
        EXPECT_NE(text.find(".txt §"), std::string::npos) << device << ": " << text;
    }
}

namespace {

/// Offsets, strides (reverse too), widths, partial masks, stores and loads, cached in L1 or not, and lanes in no
/// order sharing lines.
std::vector<engine::WarpAccess> variedAccesses()
{
    std::vector<engine::WarpAccess> accesses;
    for (const int bytes : { 1, 4, 8, 16 }) {
        for (const int stride : { 0, 1, 2, 3, 8, 32, -1 }) {
            for (const std::uint32_t mask : { 0xFFFFFFFFu, 0x0000FFFFu, 0x80000001u, 0x55555555u }) {
                engine::WarpAccess a = stridedAccess(kBufferBase + 4096, 1, bytes);
                for (int lane = 0; lane < engine::kWarpSize; ++lane) {
                    const auto at = static_cast<std::int64_t>(lane) * stride * bytes;
                    a.laneAddresses[static_cast<std::size_t>(lane)] = kBufferBase + 4096 + static_cast<std::uint64_t>(at);
                }
                a.activeMask = mask;
                a.kind = stride == 2 ? engine::AccessKind::Store : engine::AccessKind::Load;
                accesses.push_back(a);
                a.l1Policy = engine::L1Policy::CacheInL1; // 128-byte lines on CC 3.x/5.x, L1 lines on 2.x
                accesses.push_back(a);
            }
        }
    }
    engine::WarpAccess scattered = sequentialAccess(kBufferBase);
    for (int lane = 0; lane < engine::kWarpSize; ++lane)
        scattered.laneAddresses[static_cast<std::size_t>(lane)] = kBufferBase + std::uint64_t((lane * 7919) % 61) * 36;
    for (std::uint64_t& a : scattered.laneAddresses)
        a &= ~std::uint64_t { 3 };
    accesses.push_back(scattered);
    return accesses;
}

} // namespace

TEST(GlobalCoalescer, TheLinesAWarpTouchesAreItsSectorsParents)
{
    // The sectored rule counts L1-cached CC 3.x/5.x loads in 128-byte lines, taken from the sectors it collected.
    for (const engine::WarpAccess& access : variedAccesses()) {
        engine::TouchedBlocks sectors;
        engine::collectTouchedBlocks(access, access.activeMask, 32, sectors);
        for (const unsigned shift : { 2u, 3u }) {
            engine::TouchedBlocks direct;
            engine::collectTouchedBlocks(access, access.activeMask, 32u << shift, direct);
            engine::TouchedBlocks parents;
            engine::parentBlocks(sectors, shift, parents);
            ASSERT_EQ(parents.count, direct.count);
            EXPECT_EQ(engine::countParentBlocks(sectors, shift), direct.count);
            for (std::size_t b = 0; b < static_cast<std::size_t>(direct.count); ++b) {
                EXPECT_EQ(parents.blockIndex[b], direct.blockIndex[b]);
                EXPECT_EQ(parents.laneMask[b], direct.laneMask[b]);
            }
        }
    }
}

TEST(GlobalCoalescer, GivenItsSectorsEveryRuleGivesWhatItComputesAlone)
{
    // A caller that has collected the touched 32-byte sectors (the timing recorder) passes them in: every
    // generation's result must be the one it computes from the lanes alone.
    const std::vector<engine::WarpAccess> accesses = variedAccesses();
    for (const char* device : { "g80", "c1060", "c2050", "k20x", "v100", "h100" }) {
        const auto coalescer = engine::makeGlobalCoalescer(builtinProfile(device));
        for (std::size_t i = 0; i < accesses.size(); ++i) {
            engine::CoalescingResult alone;
            coalescer->coalesce(accesses[i], alone);
            engine::TouchedBlocks sectors;
            engine::collectTouchedBlocks(accesses[i], accesses[i].activeMask, 32, sectors);
            engine::CoalescingResult given;
            coalescer->coalesceSectors(accesses[i], sectors, given);
            ASSERT_EQ(given.transactionCount, alone.transactionCount) << device << " access " << i;
            EXPECT_EQ(given.requestCount, alone.requestCount) << device << " access " << i;
            EXPECT_EQ(given.sectorCount, alone.sectorCount) << device << " access " << i;
            EXPECT_EQ(given.lineCount, alone.lineCount) << device << " access " << i;
            EXPECT_EQ(given.bytesRequested, alone.bytesRequested) << device << " access " << i;
            EXPECT_EQ(given.bytesMoved, alone.bytesMoved) << device << " access " << i;
            for (std::size_t t = 0; t < alone.view().size(); ++t) {
                EXPECT_EQ(given.view()[t].address, alone.view()[t].address) << device << " access " << i;
                EXPECT_EQ(given.view()[t].sizeBytes, alone.view()[t].sizeBytes) << device << " access " << i;
                EXPECT_EQ(given.view()[t].laneMask, alone.view()[t].laneMask) << device << " access " << i;
            }
        }
    }
}

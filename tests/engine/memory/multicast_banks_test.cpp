// CC 2.x and later shared memory: 32 banks per warp with multicast (DIGEST §3.3-3.7, §14 row 22).
#include "engine/memory/multicast_banks.h"
#include "engine/memory/shared_bank_model.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/memory/warp_patterns.h"

#include <gtest/gtest.h>

using namespace testing_fixtures;

namespace {

engine::BankConflictResult resolveOn(const std::string& device, const engine::WarpAccess& access,
    engine::SharedBankMode mode = engine::SharedBankMode::DeviceDefault)
{
    engine::BankConflictResult result;
    engine::makeSharedBankModel(builtinProfile(device), mode)->resolve(access, result);
    return result;
}

/// transposedTile[threadIdx.x][ty] = ... with rows of `rowFloats` floats: the C = AAᵀ column write.
engine::WarpAccess columnWrite(int rowFloats, int ty)
{
    auto access = stridedAccess(static_cast<std::uint64_t>(ty * 4), rowFloats, 4, engine::AccessKind::Store);
    return access;
}

} // namespace

TEST(MulticastBanks, StridedWordsOnCc20)
{
    // DIGEST §3.3 [DERIVED]: stride s on 32 banks → gcd(32, s)-way.
    const std::pair<int, int> expected[] = { { 1, 1 }, { 2, 2 }, { 3, 1 }, { 4, 4 }, { 8, 8 }, { 16, 16 }, { 32, 32 },
        { 33, 1 } };
    for (const auto& [stride, ways] : expected) {
        const auto r = resolveOn("m2090", stridedAccess(0, stride));
        EXPECT_EQ(r.conflictWays, ways) << "stride " << stride;
        EXPECT_EQ(r.wavefronts, ways) << "stride " << stride;
    }
}

TEST(MulticastBanks, TransposedTileColumnWriteIs32WayAndPaddingRemovesIt)
{
    // best-practices-guide-v8.0.txt §9.2.2.3: writing transposedTile[threadIdx.x][threadIdx.y] of a w×w tile
    // makes "every thread of the warp hit the same bank"; with [TILE_DIM][TILE_DIM+1] "the stride between
    // threads is w+1 banks ... equivalent to a unit stride".
    for (const char* device : { "m2090", "v100", "h100" }) {
        const auto unpadded = resolveOn(device, columnWrite(32, 5));
        EXPECT_EQ(unpadded.wavefronts, 32) << device;
        EXPECT_EQ(unpadded.conflictLanes, 0xFFFFFFFFu) << device;
        EXPECT_EQ(resolveOn(device, columnWrite(33, 5)).wavefronts, 1) << device;
    }
}

TEST(MulticastBanks, TileRowReadsAndBroadcastAreConflictFree)
{
    // §9.2.2.3: transposedTile[i][threadIdx.x] reads are "free of conflicts"; §9.2.2.2: aTile[threadIdx.y][i]
    // "is broadcast to all threads in a warp".
    EXPECT_EQ(resolveOn("h100", stridedAccess(3 * 33 * 4, 1)).wavefronts, 1);
    const auto broadcast = resolveOn("h100", stridedAccess(7 * 32 * 4 + 12, 0));
    EXPECT_EQ(broadcast.wavefronts, 1);
    EXPECT_EQ(broadcast.broadcastLanes, 0xFFFFFFFFu);
}

TEST(MulticastBanks, MulticastServesSeveralSharedWordsAtOnce)
{
    // best-practices-guide-current.txt §9.2.2: "multiple broadcasts from different banks are coalesced into a
    // single multicast". char stride 1 (DIGEST §3.7: 1 pass on CC 2.x and later).
    EXPECT_EQ(resolveOn("v100", stridedAccess(0, 1, 1)).wavefronts, 1);
    EXPECT_EQ(resolveOn("m2090", stridedAccess(0, 1, 1)).wavefronts, 1);
    // Writes to one word do not conflict either (one lane writes).
    EXPECT_EQ(resolveOn("v100", stridedAccess(64, 0, 4, engine::AccessKind::Store)).wavefronts, 1);
}

TEST(MulticastBanks, WideAccessesRunInHalfAndQuarterWarpPhasesOn32BitBanks)
{
    // Programming Guide CC 2.x "64-bit accesses" and Nsight Compute's 128-byte wavefronts (multicast_banks.h).
    const auto doubles = resolveOn("v100", stridedAccess(0, 1, 8));
    EXPECT_EQ(doubles.wavefronts, 2);
    EXPECT_EQ(doubles.idealWavefronts, 2);
    EXPECT_EQ(doubles.conflictWays, 1);
    EXPECT_EQ(resolveOn("h100", stridedAccess(0, 1, 16)).wavefronts, 4);
    // double stride 2: lanes 0 and 8 of a half-warp share banks 0-1 → 2 passes per phase.
    EXPECT_EQ(resolveOn("v100", stridedAccess(0, 2, 8)).wavefronts, 4);
}

TEST(MulticastBanks, Cc3x64BitModeServesADoubleWarpInOnePass)
{
    // best-practices-guide-v8.0.txt §9.2.2.1 (CC 3.x): 64-bit banks; "successive 64-bit words (64-bit mode)
    // are assigned to successive banks".
    EXPECT_EQ(resolveOn("k20x", stridedAccess(0, 1, 8)).wavefronts, 1);
    EXPECT_EQ(resolveOn("k20x", stridedAccess(0, 1, 4)).wavefronts, 1);
    EXPECT_EQ(resolveOn("k20x", stridedAccess(0, 1, 16)).wavefronts, 2);
    // float stride 4: 64-bit words 0, 2, …, 62 → banks 0, 2, …, 30 twice → 2-way.
    EXPECT_EQ(resolveOn("k20x", stridedAccess(0, 4, 4)).conflictWays, 2);
    EXPECT_EQ(resolveOn("k20x", stridedAccess(0, 64, 4)).conflictWays, 32);
}

TEST(MulticastBanks, Cc3x32BitModePairsWordsOfOne64BitEntry)
{
    // CUDA C Programming Guide CC 3.x, 32-bit mode: words i and i + 32 of one 64-word segment do not conflict.
    const auto mode = engine::SharedBankMode::FourByte;
    EXPECT_EQ(resolveOn("k20x", stridedAccess(0, 2, 4), mode).conflictWays, 1); // words 0 and 32 share bank 0
    EXPECT_EQ(resolveOn("k20x", stridedAccess(0, 4, 4), mode).conflictWays, 2); // words 0, 32, 64, 96: two rows
    EXPECT_EQ(resolveOn("k20x", stridedAccess(0, 1, 4), mode).laneBank[31], 31);
    EXPECT_EQ(resolveOn("k20x", stridedAccess(0, 1, 4)).laneBank[31], 15); // 64-bit mode: two floats per bank
}

TEST(MulticastBanks, InactiveLanesDoNotConflict)
{
    const auto r = resolveOn("v100", onlyLanes(stridedAccess(0, 32), { 3 }));
    EXPECT_EQ(r.wavefronts, 1);
    auto none = stridedAccess(0, 32);
    none.activeMask = 0;
    EXPECT_EQ(resolveOn("v100", none).wavefronts, 0);
}

TEST(MulticastBanks, ExplanationNamesTheConflict)
{
    const std::string text = engine::makeSharedBankModel(builtinProfile("h100"))->explain(columnWrite(32, 0));
    EXPECT_NE(text.find("32-way bank conflict"), std::string::npos) << text;
    EXPECT_NE(text.find("bank 0 serves lanes 0-31 in different passes"), std::string::npos) << text;
}

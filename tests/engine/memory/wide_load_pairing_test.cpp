// Wide shared loads and stores on an H100: the wavefronts per warp instruction that Nsight Compute
// measured for the 13 patterns of resources/kernels/shared_patterns.cu (bench/hardware/h100/
// replay_counters_ncu.csv: launch totals over 32 warps), against the bank model (multicast_banks.h).
#include "engine/memory/shared_bank_model.h"
#include "tests/engine/device_fixtures.h"

#include <gtest/gtest.h>

namespace {

/// sharedIndex() of shared_patterns.cu: the word (of the access width) lane `lane` reads in `mode`.
int sharedIndex(int lane, int mode)
{
    switch (mode) {
    case 0: return 0;
    case 1: return lane;
    case 2: return 2 * lane;
    case 3: return lane / 2;
    case 4: return lane / 8;
    case 5: return (lane / 8) * 32;
    case 6: return (lane / 16) * 32;
    case 7: return lane % 8;
    case 8: return lane % 16;
    case 9: return lane ^ 1;
    case 10: return 32 * (lane % 4);
    case 11: return lane + (lane / 16) * 16;
    default: return lane % 4;
    }
}

int wavefronts(const char* device, int bytes, int mode, engine::AccessKind kind)
{
    engine::WarpAccess access;
    access.activeMask = 0xFFFFFFFFu;
    access.bytesPerLane = bytes;
    access.kind = kind;
    for (int lane = 0; lane < engine::kWarpSize; ++lane)
        access.laneAddresses[static_cast<std::size_t>(lane)] = static_cast<std::uint64_t>(sharedIndex(lane, mode) * bytes);
    engine::BankConflictResult result;
    engine::makeSharedBankModel(testing_fixtures::builtinProfile(device))->resolve(access, result);
    return result.wavefronts;
}

// Measured wavefronts per warp instruction, modes 0..12.
constexpr int kLoadWords[13] = { 1, 1, 2, 1, 1, 4, 2, 1, 1, 1, 4, 2, 1 };
constexpr int kLoadPairs[13] = { 1, 2, 4, 1, 1, 4, 2, 2, 2, 2, 8, 2, 2 };
constexpr int kLoadQuads[13] = { 2, 4, 8, 2, 2, 4, 2, 4, 4, 4, 16, 4, 4 };
constexpr int kStoreWords[13] = { 1, 1, 2, 1, 1, 4, 2, 1, 1, 1, 4, 2, 1 };
constexpr int kStorePairs[13] = { 2, 2, 4, 2, 2, 4, 2, 2, 2, 2, 8, 2, 2 };
constexpr int kStoreQuads[13] = { 4, 4, 8, 4, 4, 4, 4, 4, 4, 4, 16, 4, 4 };

} // namespace

TEST(WideLoadPairing, LoadsOfEveryPatternCostWhatTheH100Measured)
{
    for (int mode = 0; mode < 13; ++mode) {
        EXPECT_EQ(wavefronts("h100", 4, mode, engine::AccessKind::Load), kLoadWords[mode]) << "LDS mode " << mode;
        EXPECT_EQ(wavefronts("h100", 8, mode, engine::AccessKind::Load), kLoadPairs[mode]) << "LDS.64 mode " << mode;
        EXPECT_EQ(wavefronts("h100", 16, mode, engine::AccessKind::Load), kLoadQuads[mode]) << "LDS.128 mode " << mode;
    }
}

TEST(WideLoadPairing, StoresNeverPair)
{
    for (int mode = 0; mode < 13; ++mode) {
        EXPECT_EQ(wavefronts("h100", 4, mode, engine::AccessKind::Store), kStoreWords[mode]) << "STS mode " << mode;
        EXPECT_EQ(wavefronts("h100", 8, mode, engine::AccessKind::Store), kStorePairs[mode]) << "STS.64 mode " << mode;
        EXPECT_EQ(wavefronts("h100", 16, mode, engine::AccessKind::Store), kStoreQuads[mode]) << "STS.128 mode " << mode;
    }
}

TEST(WideLoadPairing, FermiKeepsSeparatePhases)
{
    // CC 2.x: the Programming Guide's half-warp rule for 64-bit accesses, no pairing measured there.
    EXPECT_EQ(wavefronts("m2090", 8, 0, engine::AccessKind::Load), 2);
    EXPECT_EQ(wavefronts("m2090", 16, 0, engine::AccessKind::Load), 4);
}

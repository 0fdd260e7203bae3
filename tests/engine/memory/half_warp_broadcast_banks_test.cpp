// CC 1.x shared memory: 16 banks per half-warp with one broadcast word (DIGEST §3.2, §3.7, §14 rows 18-21, 23).
#include "engine/memory/half_warp_broadcast_banks.h"
#include "tests/engine/memory/warp_patterns.h"

#include <gtest/gtest.h>

using namespace testing_fixtures;

namespace {

constexpr std::uint64_t kSharedBase = 0; // shared-window offsets

engine::BankConflictResult resolve(const engine::WarpAccess& access)
{
    engine::BankConflictResult result;
    engine::HalfWarpBroadcastBanks().resolve(access, result);
    return result;
}

/// 32-bit words at `stride` words apart: float data = shared[BaseIndex + s * tid].
int waysForStride(int stride) { return resolve(stridedAccess(kSharedBase, stride)).conflictWays; }

} // namespace

TEST(HalfWarpBroadcastBanks, StridesOneTwoThreeEight)
{
    // programming-guide-0.8.2.txt §6.1.2.4 Figs. 6-1..6-3: stride 1 and 3 conflict-free, stride 2 "causes
    // 2-way bank conflicts", stride 8 "causes 8-way bank conflicts".
    EXPECT_EQ(waysForStride(1), 1);
    EXPECT_EQ(waysForStride(2), 2);
    EXPECT_EQ(waysForStride(3), 1);
    EXPECT_EQ(waysForStride(8), 8);
    // DIGEST §3.7 [DERIVED] gcd(16, s): 4 → 4, 16 and 32 → 16, 33 → 1.
    EXPECT_EQ(waysForStride(4), 4);
    EXPECT_EQ(waysForStride(16), 16);
    EXPECT_EQ(waysForStride(32), 16);
    EXPECT_EQ(waysForStride(33), 1);
}

TEST(HalfWarpBroadcastBanks, HalfWarpsAreResolvedSeparately)
{
    // §6.1.2.4: "there can be no bank conflict between a thread belonging to the first half of a warp and a
    // thread belonging to the second half". Stride 1: each half-warp takes one step; 2 passes per warp.
    const auto r = resolve(stridedAccess(kSharedBase, 1));
    EXPECT_EQ(r.wavefronts, 2);
    EXPECT_EQ(r.idealWavefronts, 2);
    EXPECT_EQ(r.extraWavefronts(), 0);
    EXPECT_EQ(r.conflictLanes, 0u);
    const auto stride2 = resolve(stridedAccess(kSharedBase, 2));
    EXPECT_EQ(stride2.wavefronts, 4);
    EXPECT_EQ(stride2.laneBank[8], 0); // lanes 0 and 8 both hit bank 0
    EXPECT_EQ(stride2.laneWavefront[0], 0);
    EXPECT_EQ(stride2.laneWavefront[8], 1);
    EXPECT_EQ(stride2.conflictLanes, 0xFFFFFFFFu);
}

TEST(HalfWarpBroadcastBanks, RandomPermutationIsConflictFree)
{
    // Fig. 6-1 right: "random permutation".
    auto access = stridedAccess(kSharedBase, 1);
    const int permutation[16] = { 7, 2, 13, 0, 9, 4, 15, 11, 1, 6, 14, 3, 10, 5, 12, 8 };
    for (int lane = 0; lane < 32; ++lane)
        access.laneAddresses[static_cast<std::size_t>(lane)] = 4u * static_cast<unsigned>(permutation[lane % 16] + 16 * (lane / 16));
    EXPECT_EQ(resolve(access).conflictWays, 1);
}

TEST(HalfWarpBroadcastBanks, AllLanesReadingOneWordIsOneBroadcast)
{
    // Fig. 6-4 left: "conflict-free since all threads read from an address within the same 32-bit word".
    auto access = stridedAccess(kSharedBase + 20, 0, 1);
    for (int lane = 0; lane < 32; ++lane)
        access.laneAddresses[static_cast<std::size_t>(lane)] = 20 + static_cast<unsigned>(lane % 4);
    const auto r = resolve(access);
    EXPECT_EQ(r.conflictWays, 1);
    EXPECT_EQ(r.broadcastLanes, 0xFFFFFFFFu);
}

TEST(HalfWarpBroadcastBanks, BroadcastWordChoiceDecidesFigure64Right)
{
    // Fig. 6-4 right: "either no bank conflicts if the word from bank 5 is chosen as the broadcast word during
    // the first step or 2-way bank conflicts, otherwise". Lanes 1-4 read one word of bank 5; the others read
    // distinct banks. warpscope broadcasts the lowest pending lane's word (DIGEST §12.3).
    auto access = onlyLanes(stridedAccess(kSharedBase, 1), { 0, 1, 2, 3, 4, 6, 7 });
    for (int lane : { 1, 2, 3, 4 })
        access.laneAddresses[static_cast<std::size_t>(lane)] = 5 * 4;
    EXPECT_EQ(resolve(access).conflictWays, 2); // lane 0's word (bank 0) is broadcast first
    access.laneAddresses[0] = 5 * 4; // now the lowest lane reads bank 5's word too
    EXPECT_EQ(resolve(access).conflictWays, 1);
}

TEST(HalfWarpBroadcastBanks, CharStrideOneConflictsCharStrideFourDoesNot)
{
    // §6.1.2.4: char shared[BaseIndex + tid] has bank conflicts ("shared[0], shared[1], shared[2], and
    // shared[3] ... belong to the same bank"); shared[BaseIndex + 4 * tid] does not.
    // DIGEST §3.2 [DERIVED]: stride-1 char takes 4 steps, stride-2 char 2.
    EXPECT_EQ(resolve(stridedAccess(kSharedBase, 1, 1)).conflictWays, 4);
    EXPECT_EQ(resolve(stridedAccess(kSharedBase, 4, 1)).conflictWays, 1);
    EXPECT_EQ(resolve(stridedAccess(kSharedBase, 2, 1)).conflictWays, 2);
}

TEST(HalfWarpBroadcastBanks, DoubleStrideOneIsTwoRequestsWithTwoWayConflicts)
{
    // opencl-programming-guide-2.3.txt §3.1.2.5: double shared[BaseIndex + tid] → "2-way bank conflicts ...
    // since the memory request is compiled into two separate 32-bit requests".
    const auto r = resolve(stridedAccess(kSharedBase, 1, 8));
    EXPECT_EQ(r.conflictWays, 2);
    EXPECT_EQ(r.idealWavefronts, 4); // 2 requests × 2 half-warps
    EXPECT_EQ(r.wavefronts, 8);
}

TEST(HalfWarpBroadcastBanks, StructMembers)
{
    // §6.1.2.4: struct {float x, y, z;} member reads are conflict-free (stride of three words);
    // struct {float x, y;} member reads conflict (stride of two words).
    EXPECT_EQ(resolve(stridedAccess(kSharedBase + 4, 3)).conflictWays, 1);
    EXPECT_EQ(resolve(stridedAccess(kSharedBase + 4, 2)).conflictWays, 2);
}

TEST(HalfWarpBroadcastBanks, MuldSharedAccessesAreConflictFree)
{
    // programming-guide-0.8.2.txt §7.3.2: "for each half-warp, ty and k are the same for all threads and tx
    // varies from 0 to 15, so each thread accesses a different bank for the memory accesses As[ty][tx],
    // Bs[ty][tx], and Bs[k][tx] and the same bank for the memory access As[ty][k]". BLOCK_SIZE 16 floats;
    // lane = 16 * (ty - ty0) + tx.
    constexpr std::uint64_t as = 0;
    constexpr std::uint64_t bs = 16 * 16 * 4;
    const int ty0 = 4;
    const int k = 7;
    engine::WarpAccess row = stridedAccess(0, 1);
    engine::WarpAccess column = stridedAccess(0, 1);
    for (int lane = 0; lane < 32; ++lane) {
        const int tx = lane % 16;
        const int ty = ty0 + lane / 16;
        row.laneAddresses[static_cast<std::size_t>(lane)] = as + static_cast<std::uint64_t>((ty * 16 + tx) * 4);
        column.laneAddresses[static_cast<std::size_t>(lane)] = as + static_cast<std::uint64_t>((ty * 16 + k) * 4);
    }
    EXPECT_EQ(resolve(row).conflictWays, 1); // As[ty][tx]
    row.kind = engine::AccessKind::Store;
    EXPECT_EQ(resolve(row).conflictWays, 1); // As[ty][tx] = A[...]
    EXPECT_EQ(resolve(column).conflictWays, 1); // As[ty][k]: one broadcast word per half-warp
    EXPECT_EQ(resolve(stridedAccess(bs + k * 16 * 4, 1)).conflictWays, 1); // Bs[k][tx]
}

TEST(HalfWarpBroadcastBanks, WritesToOneWordAreSerialized)
{
    // [GAP] decision (half_warp_broadcast_banks.h): no broadcast for writes.
    EXPECT_EQ(resolve(stridedAccess(kSharedBase, 0, 4, engine::AccessKind::Store)).conflictWays, 16);
}

TEST(HalfWarpBroadcastBanks, ExplanationNamesTheCollidingBank)
{
    const std::string text = engine::HalfWarpBroadcastBanks().explain(stridedAccess(kSharedBase, 8));
    EXPECT_NE(text.find("8-way bank conflict"), std::string::npos) << text;
    EXPECT_NE(text.find("bank 0 serves lanes 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30 in different passes"), std::string::npos)
        << text;
}

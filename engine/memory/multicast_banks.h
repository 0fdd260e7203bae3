#pragma once

#include "engine/memory/shared_bank_model.h"

namespace engine {

/// CC 2.x and later shared memory: 32 banks resolved over the whole warp, with multicast: every lane that
/// asks for a word another lane asks for is served in the same pass.
/// - CC 2.x: 32 banks × 32 bits, "bank conflicts can occur between any threads in the warp", and
///   "multicast shared memory accesses" (best-practices-guide-v8.0.txt §9.2.2.1).
/// - CC 3.x: 32 banks × 64 bits, "either successive 32-bit words (in 32-bit mode) or successive 64-bit
///   words (64-bit mode) are assigned to successive banks" (best-practices-guide-v8.0.txt §9.2.2.1). In
///   32-bit mode two 32-bit words i and i + 32 of one 64-word aligned segment share a 64-bit bank entry
///   and do not conflict (CUDA C Programming Guide, Compute Capability 3.x, Shared Memory).
/// - CC 5.x and later: 32 banks × 32 bits, multiple broadcasts "coalesced into a single multicast"
///   (best-practices-guide-current.txt §9.2.2).
/// Writes: several lanes writing one word do not conflict; one of them writes (CUDA C Programming
/// Guide, Compute Capability 3.x/5.x, Shared Memory).
/// Wide accesses [GAP in the seeds, DIGEST §3.5]: a pass moves at most banks × bank width bytes (128
/// bytes on 32-bit banks, 256 on CC 3.x), so an 8-byte access runs in half-warp phases and a 16-byte one
/// in quarter-warp phases on 32-bit banks, and conflicts are counted within a phase. Sources: CUDA C
/// Programming Guide, Compute Capability 2.x, Shared Memory ("64-bit accesses": a conflict only between
/// threads of the same half-warp); NVIDIA GTC 2022 S41723 "How to Understand and Optimize Shared Memory
/// Accesses using Nsight Compute" (a wavefront moves up to 128 bytes); NVIDIA developer forum "Unexpected
/// shared memory bank conflict" (LDS.128 takes 4 wavefronts per warp instruction).
/// Paired wide loads (CC 5.x and later, measured): the two phases of a half-warp pair (quarter-warps 0-1
/// and 2-3 of a 16-byte load, the two half-warps of an 8-byte load) are read in one wavefront when
/// together they touch no bank in two rows and either share no word or all read one single word. On an
/// H100 (bench/hardware/h100/replay_counters_ncu.csv, the shared_patterns scenarios) a float4 load of one
/// address costs 2 wavefronts, of lane / 2 (64 bytes per quarter) 2, of lane % 4 (the same 64 bytes in
/// every quarter) 4; a float2 load of one address costs 1, of lane % 8 2. Stores never pair.
class MulticastBanks final : public SharedBankModel {
public:
    /// `entryBytes`: the word size successive banks hold (4, or 8 in CC 3.x 64-bit mode);
    /// `bankWidthBytes`: the physical width of a bank row (4, or 8 on CC 3.x);
    /// `pairsWideLoads`: the paired wide loads above.
    MulticastBanks(int banks, int entryBytes, int bankWidthBytes, bool pairsWideLoads = false);

    /// Lanes served together in one phase for a word size.
    int lanesPerPhase(int bytesPerLane) const;

    void resolve(const WarpAccess& access, BankConflictResult& result) const override;
    std::string explain(const WarpAccess& access) const override;
    ShiftRule shiftRule(int bytesPerLane) const override;

private:
    int resolvePhase(const WarpAccess& access, std::uint32_t lanes, BankConflictResult& result) const;
    bool resolveConflictFree(const WarpAccess& access, BankConflictResult& result) const;
    bool resolveUniform(const WarpAccess& access, int groupLanes, BankConflictResult& result) const;
    /// Whether two neighbouring phases of a wide load are read in one wavefront (the pairing rule above).
    bool pairable(const WarpAccess& access, std::uint32_t first, std::uint32_t second) const;

    unsigned m_bankShift; ///< log2(banks)
    unsigned m_entryShift; ///< log2(entryBytes)
    unsigned m_rowShift; ///< log2(banks × bankWidthBytes): the bytes one pass can move
    bool m_pairsWideLoads;
};

} // namespace engine

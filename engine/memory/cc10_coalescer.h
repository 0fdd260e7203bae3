#pragma once

#include "engine/memory/global_coalescer.h"

#include <cstdint>

namespace engine {

/// Why a CC 1.0/1.1 half-warp did or did not coalesce.
enum class HalfWarpVerdict : std::uint8_t {
    Coalesced,
    NoActiveLane,
    WordSize, ///< the lanes' words are not 4, 8 or 16 bytes
    OutOfSequence, ///< an active lane does not access the word its position in the half-warp names
    Misaligned, ///< the half-warp's first word is not aligned to 16 × word size
};

/// The strict conditions checked for one half-warp, with the first lane that breaks them.
struct HalfWarpCheck {
    HalfWarpVerdict verdict = HalfWarpVerdict::NoActiveLane;
    int lane = -1; ///< the lane that breaks the rule (the first active lane for Misaligned)
    std::int64_t wordIndex = 0; ///< OutOfSequence: the word the lane accesses, counted from the half-warp base
    std::uint64_t baseAddress = 0; ///< the address lane 0 of the half-warp would access
};

/// Applies the CC 1.0/1.1 rules to half-warp `halfWarp` (0 or 1) of `access`.
HalfWarpCheck checkCc10HalfWarp(const WarpAccess& access, int halfWarp);

/// CC 1.0 and 1.1: strict half-warp coalescing.
/// opencl-programming-guide-2.3.txt §3.1.2.1 "Coalescing on Devices with Compute Capability 1.0 and 1.1":
/// a half-warp that accesses 4-, 8- or 16-byte words, all in one segment of the transaction size (twice
/// it for 16-byte words), the k-th thread the k-th word, is served by one 64-byte transaction (4-byte
/// words), one 128-byte transaction (8-byte) or two 128-byte transactions (16-byte); otherwise "a separate
/// memory transaction is issued for each thread". Inactive lanes do not break coalescing (same section;
/// programming-guide-0.8.2.txt §6.1.2.1).
/// [GAP] (DIGEST §2.1, §12.2) the seeds give no size for a per-thread transaction; warpscope uses the
/// 32-byte aligned segment holding the word, the minimum transaction of the later CUDA Programming Guides.
class Cc10Coalescer final : public GlobalCoalescer {
public:
    static constexpr std::uint32_t kPerThreadTransactionBytes = 32;

    void coalesce(const WarpAccess& access, CoalescingResult& result) const override;
    std::string explain(const WarpAccess& access) const override;
    const char* ruleName() const override { return "CC 1.0/1.1 strict half-warp coalescing"; }
};

} // namespace engine

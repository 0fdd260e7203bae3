#pragma once

#include "engine/memory/global_coalescer.h"

#include <cstdint>

namespace engine {

/// CC 2.x: per warp, one transaction per cache line needed.
/// best-practices-guide-v8.0.txt §9.2.1: "the concurrent accesses of the threads of a warp will coalesce
/// into a number of transactions equal to the number of cache lines necessary to service all of the
/// threads of the warp. By default, all accesses are cached through L1, which [has] 128-byte lines";
/// caching "only in L2, which caches shorter 32-byte segments" reduces overfetch (-Xptxas -dlcm=cg, or
/// ld.cg per access: WarpAccess::l1Policy).
/// Words wider than 4 bytes: the CUDA C Programming Guide (Compute Capability 2.x, Global Memory) splits
/// the warp's request into one 128-byte request per half-warp (8-byte words) or per quarter-warp
/// (16-byte words), each broken into line (or segment) requests independently; modeled so.
/// [GAP] (DIGEST §2.3) the seeds do not say how 2.x stores are cached; Fermi global stores are not cached
/// in L1 (they invalidate the L1 line and are written to L2: NVIDIA Fermi Compute Architecture
/// whitepaper, "Memory subsystem"), so stores count 32-byte L2 segments.
class Cc20Coalescer final : public GlobalCoalescer {
public:
    static constexpr std::uint32_t kL1LineBytes = 128;
    static constexpr std::uint32_t kL2SegmentBytes = 32;

    explicit Cc20Coalescer(bool l1CachesGlobalLoads)
        : m_l1CachesGlobalLoads(l1CachesGlobalLoads)
    {
    }

    /// Whether this access goes through 128-byte L1 lines (else 32-byte L2 segments).
    bool usesL1(const WarpAccess& access) const;

    /// Lanes that form one independent request: 32, 16 (8-byte words) or 8 (16-byte words).
    static int lanesPerRequest(int bytesPerLane);

    void coalesce(const WarpAccess& access, CoalescingResult& result) const override;
    void coalesceSectors(const WarpAccess& access, const TouchedBlocks& sectors, CoalescingResult& result) const override;
    std::string explain(const WarpAccess& access) const override;
    const char* ruleName() const override { return "CC 2.x L1-line / L2-segment coalescing"; }

private:
    bool m_l1CachesGlobalLoads;
};

} // namespace engine

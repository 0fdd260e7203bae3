#pragma once

#include "engine/memory/global_coalescer.h"

#include <cstdint>

namespace engine {

/// CC 3.0 and later: per warp, 32-byte sectors grouped in 128-byte lines; loads and stores alike.
/// best-practices-guide-current.txt §9.2.1: "the concurrent accesses of the threads of a warp will
/// coalesce into a number of transactions equal to the number of 32-byte transactions necessary to
/// service all of the threads of the warp", and on CC 6.0 or higher "the data access unit is 32-byte
/// regardless of whether global loads are cached in L1 or not". CC 3.x/5.x cache globals in L2 only by
/// default (best-practices-guide-v8.0.txt §9.2.1); where L1 caching is opted in on CC 3.5, 3.7 and 5.2,
/// "the number of required transactions is equal to the number of required 128-byte aligned segments"
/// (best-practices-guide-current.txt §9.2.1): such loads count 128-byte lines.
/// [GAP] (DIGEST §2.4) the seeds do not name the 3.x/5.x L2-only unit; 32 bytes is their consistent reading.
class SectoredCoalescer final : public GlobalCoalescer {
public:
    static constexpr std::uint32_t kSectorBytes = 32;
    static constexpr std::uint32_t kLineBytes = 128;

    /// `l1LinesWhenCached`: L1-cached loads count 128-byte segments (CC below 6.0).
    SectoredCoalescer(bool l1CachesGlobalLoads, bool l1LinesWhenCached)
        : m_l1CachesGlobalLoads(l1CachesGlobalLoads)
        , m_l1LinesWhenCached(l1LinesWhenCached)
    {
    }

    /// Whether this access counts 128-byte lines as its transactions (else 32-byte sectors).
    bool countsLines(const WarpAccess& access) const;

    void coalesce(const WarpAccess& access, CoalescingResult& result) const override;
    void coalesceSectors(const WarpAccess& access, const TouchedBlocks& sectors, CoalescingResult& result) const override;
    std::string explain(const WarpAccess& access) const override;
    const char* ruleName() const override { return "CC 3.0+ sectored coalescing"; }

private:
    bool m_l1CachesGlobalLoads;
    bool m_l1LinesWhenCached;
};

} // namespace engine

#pragma once

#include "engine/memory/global_coalescer.h"

#include <cstdint>

namespace engine {

/// CC 1.2 and 1.3: the segment protocol with size reduction, still per half-warp.
/// opencl-programming-guide-2.3.txt §3.1.2.1 "Coalescing on Devices with Compute Capability 1.2 and Higher":
/// find the segment (32 bytes for 1-byte words, 64 for 2-byte, 128 for 4-, 8- and 16-byte) holding the
/// lowest-numbered pending thread's address, take every pending thread whose address lies in it, reduce
/// 128 → 64 → 32 bytes while only the lower or upper half is used, issue it, repeat until every active
/// thread of the half-warp is served.
class Cc12Coalescer final : public GlobalCoalescer {
public:
    /// The segment the protocol starts from for a word size.
    static std::uint32_t segmentBytes(int bytesPerLane);

    void coalesce(const WarpAccess& access, CoalescingResult& result) const override;
    std::string explain(const WarpAccess& access) const override;
    const char* ruleName() const override { return "CC 1.2/1.3 segment coalescing"; }
};

} // namespace engine

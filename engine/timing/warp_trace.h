#pragma once

#include <array>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace engine::timing {

/// One memory transaction a warp instruction sends below the SM. With caches (CC 2.0 and later): one line
/// and the 32-byte sectors of it the warp touches; without (CC 1.x): one segment the coalescer issued.
struct MemTxn {
    std::uint64_t address = 0; ///< line address (cached devices) or segment address (CC 1.x)
    std::uint32_t bytes = 0; ///< segment bytes (CC 1.x); the touched sectors' bytes otherwise
    std::uint8_t sectors = 0; ///< 32-byte sectors of the line that are touched
    std::uint8_t fullSectors = 0; ///< of those, sectors a store writes completely
    std::uint16_t atomicLanes = 0; ///< atomics: lanes on the most-used address inside this line or segment
    std::array<std::uint32_t, 4> byteMasks {}; ///< stores: the bytes written in each sector (128-byte lines)
};
static_assert(std::is_trivially_copyable_v<MemTxn> && sizeof(MemTxn) == 32);

/// How the timing model treats one issued instruction; memory kinds come from what the executor observed.
enum class OpKind : std::uint8_t { Compute, GlobalLoad, GlobalStore, GlobalAtomic, Shared };

/// One warp-level instruction as the functional run issued it, in 8 bytes (a launch's traces are read once
/// each, long after they were written, so their size is what the host's caches see). Its transactions follow
/// those of the ops before it in WarpTrace::txns, so the op needs only their count.
struct TraceOp {
    std::uint32_t instruction = 0; ///< index into the module's flat instruction table (functionBases)
    OpKind kind = OpKind::Compute;
    std::uint8_t cacheInL1 = 0; ///< global loads: 1 when the L1 caches this access
    std::uint8_t memCount = 0; ///< MemTxns: at most 64 lines (cached) or 32 segments (CC 1.x) per warp access
    /// Shared passes (at most 32 × 4 for 16-byte lanes), or 128-byte lines (segments on CC 1.x) of a global
    /// access (at most 64): always below 256.
    std::uint8_t wavefronts = 0;
};
static_assert(std::is_trivially_copyable_v<TraceOp> && sizeof(TraceOp) == 8);

/// What one warp instruction does to an mbarrier phase (PTX ISA 8.5 §9.7.13.15), for MbarrierPhases: it
/// contributes to the phase (an arrive, expect-tx, complete-tx, or a bulk copy's bytes), or waits for it
/// (a test_wait/try_wait that returned true). Few instructions have one, so they sit apart from the ops.
struct MbarrierMark {
    std::uint32_t op = 0; ///< index of the instruction in WarpTrace::ops
    bool wait = false;
    std::uint64_t key = 0; ///< the mbarrier's shared offset (high 32 bits) and the phase's number (low 32)
};

/// A warp's instruction stream from one functional run of its block.
struct WarpTrace {
    std::vector<TraceOp> ops;
    std::vector<MemTxn> txns;
    std::vector<MbarrierMark> marks; ///< in op order

    void clear()
    {
        ops.clear();
        txns.clear();
        marks.clear();
    }
};

} // namespace engine::timing

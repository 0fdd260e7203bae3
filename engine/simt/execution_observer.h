#pragma once

#include <array>
#include <cstdint>

namespace engine::simt {

inline constexpr int kWarpLanes = 32; ///< programming-guide-0.8.2.txt §3.2: a warp is 32 threads

/// The state space a memory instruction touched, after generic addresses were resolved.
enum class MemorySpace : std::uint8_t { Global, Shared, Local, Const, Param };

enum class MemoryOp : std::uint8_t { Load, Store, Atomic };

/// Which warp of which block: enough for a trace row.
struct WarpRef {
    std::array<std::uint32_t, 3> block {}; ///< %ctaid
    std::uint64_t blockLinear = 0; ///< x + y * nctaid.x + z * nctaid.x * nctaid.y
    std::uint32_t warp = 0; ///< warp index in the block (threads 32w .. 32w+31 in linear tid order)
};

/// One warp-level memory instruction. Plain data; `laneAddresses` is valid only for lanes in activeMask
/// and only during the callback. Addresses are in the state space's own address space (address_layout.h).
struct MemoryEvent {
    WarpRef warp;
    std::uint32_t function = 0; ///< Module::functions index
    std::uint32_t pc = 0;
    MemorySpace space = MemorySpace::Global;
    MemoryOp op = MemoryOp::Load;
    std::uint32_t activeMask = 0;
    std::uint32_t bytesPerLane = 4; ///< the whole vector: 16 for ld.v4.f32
    const std::array<std::uint64_t, kWarpLanes>* laneAddresses = nullptr;
    /// An access Nsight Compute's LSU ld/st request, sector and wavefront counters leave out (H100:
    /// docs/async_copies.md, docs/clusters.md): cp.async's shared-memory write and both sides of cp.async.bulk
    /// (the asynchronous copy path), and distributed-shared-memory accesses to another CTA of the cluster. Global
    /// bytes still cross the caches and DRAM in the timing model.
    bool lsuUncounted = false;
};

/// One warp-level instruction issue (for the timing model and the stepper).
struct IssueEvent {
    WarpRef warp;
    std::uint32_t function = 0;
    std::uint32_t pc = 0;
    std::uint32_t activeMask = 0; ///< lanes for which the guard held
};

enum class BarrierPhase : std::uint8_t { Arrive, Release };

struct BarrierEvent {
    WarpRef warp; ///< the arriving warp (Arrive) or the warp whose arrival completed it (Release)
    std::uint32_t barrier = 0; ///< 0..15
    std::uint32_t pc = 0;
    BarrierPhase phase = BarrierPhase::Arrive;
};

/// What a warp instruction did to one mbarrier (PTX ISA 8.5 §9.7.13.15), for the timing model.
enum class MbarrierRole : std::uint8_t {
    Init, ///< mbarrier.init: a new object, phase 0
    Contribute, ///< an arrive, expect-tx or complete-tx that left the phase incomplete
    Complete, ///< one that completed the phase
    Wait, ///< a test_wait/try_wait that found (or, blocking, waited for) the phase of `parity` complete
};

struct MbarrierEvent {
    WarpRef warp;
    std::uint32_t function = 0;
    std::uint32_t pc = 0;
    std::uint32_t offset = 0; ///< the mbarrier's shared-memory offset
    MbarrierRole role = MbarrierRole::Contribute;
    std::uint32_t parity = 0; ///< Wait: the parity of the phase waited for
};

/// Hooks for the memory system, the timing model and the stepper. Every method has an empty default.
/// Called on the thread that runs the block; with several worker threads, from several threads at once
/// (each call concerns one block). The executor calls it only when a non-null observer was given, so
/// the fast path pays one branch per memory instruction.
class ExecutionObserver {
public:
    virtual ~ExecutionObserver() = default;

    virtual void onWarpBegin(const WarpRef&) { }
    virtual void onWarpEnd(const WarpRef&) { }
    virtual void onIssue(const IssueEvent&) { }
    virtual void onMemory(const MemoryEvent&) { }
    virtual void onBarrier(const BarrierEvent&) { }
    virtual void onMbarrier(const MbarrierEvent&) { }
};

} // namespace engine::simt

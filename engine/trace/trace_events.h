#pragma once

#include "engine/trace/strong_id.h"
#include "engine/trace/warp_state.h"

#include <array>
#include <cstdint>
#include <type_traits>

namespace engine {

// The hot events: millions per launch, so each is plain, fixed-size data that a sink can copy with
// memcpy (tracy's packed event structs). Cycles count the SM clock from the launch's start.

/// One warp spent cycles [startCycle, endCycle) in one state.
struct WarpInterval {
    std::uint64_t startCycle = 0;
    std::uint64_t endCycle = 0; ///< exclusive
    BlockId block;
    SmId sm;
    WarpId warp;
    WarpState state = WarpState::Idle;
    std::uint8_t reserved[7] = {}; ///< explicit padding so the layout has no hidden bytes
};
static_assert(std::is_standard_layout_v<WarpInterval> && std::is_trivially_copyable_v<WarpInterval>);
static_assert(sizeof(WarpInterval) == 32);

/// The state space a request touched, after generic addresses were resolved.
/// Stored in trace files: append, never renumber.
enum class RequestSpace : std::uint8_t { Global, Shared, Local, Constant, Texture };

/// Stored in trace files: append, never renumber.
enum class RequestKind : std::uint8_t { Load, Store, Atomic };

/// Marks a request without lane addresses (not in the sampled subset).
inline constexpr std::uint32_t kNoLaneAddresses = 0xffffffffu;

/// One warp-level memory instruction and what the memory system of the device's generation made of it.
struct MemoryRequest {
    std::uint64_t issueCycle = 0;
    Pc pc;
    BlockId block;
    std::uint32_t bytes = 0; ///< bytes the active lanes asked for (4 lanes x ld.v4.f32 = 64)
    std::uint32_t transactions = 0; ///< the generation's unit: segments, 128-byte lines or sectors
    std::uint32_t sectors = 0; ///< 32-byte sectors touched
    std::uint32_t laneAddressIndex = kNoLaneAddresses; ///< index into the batch's LaneAddresses span
    SmId sm;
    WarpId warp;
    RequestSpace space = RequestSpace::Global;
    RequestKind kind = RequestKind::Load;
    std::uint8_t conflictDegree = 1; ///< shared memory: serialized passes (wavefronts); 1 when conflict-free
    std::uint8_t reserved = 0;
};
static_assert(std::is_standard_layout_v<MemoryRequest> && std::is_trivially_copyable_v<MemoryRequest>);
static_assert(sizeof(MemoryRequest) == 40);

/// The 32 lane addresses of one sampled request; lanes outside activeMask hold 0.
struct LaneAddresses {
    std::array<std::uint64_t, 32> address {}; ///< in the request's own state space
    std::uint32_t activeMask = 0;
    std::uint32_t reserved = 0;
};
static_assert(std::is_standard_layout_v<LaneAddresses> && std::is_trivially_copyable_v<LaneAddresses>);
static_assert(sizeof(LaneAddresses) == 264);

/// Exact totals for one instruction of a launch, summed over every warp (never sampled).
struct PcCounter {
    Pc pc;
    std::uint32_t ptxLine = 0; ///< 1-based line in the module's PTX text; 0 when unknown
    std::uint64_t warpInstructions = 0; ///< times a warp issued it
    std::uint64_t threadInstructions = 0; ///< sum of active lanes over those issues
    std::uint64_t transactions = 0; ///< memory instructions only; the generation's unit
    std::uint64_t sectors = 0; ///< 32-byte sectors
    std::uint64_t wavefronts = 0; ///< shared-memory passes; equals warpInstructions when conflict-free
    std::uint64_t stallCycles = 0; ///< cycles warps waited before issuing it
};
static_assert(std::is_standard_layout_v<PcCounter> && std::is_trivially_copyable_v<PcCounter>);
static_assert(sizeof(PcCounter) == 56);

/// Issue totals of one PC of a function the kernel called (.func bodies: PCs are per function), so counts by
/// instruction class (FLOPs) include what callees executed.
struct CalleeCounter {
    std::uint32_t function = 0; ///< index into the module's functions
    Pc pc;
    std::uint64_t warpInstructions = 0;
    std::uint64_t threadInstructions = 0;
};

} // namespace engine

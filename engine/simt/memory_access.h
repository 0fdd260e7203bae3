#pragma once

#include "engine/simt/exec_context.h"
#include "engine/simt/lane_values.h"

#include <cstring>

namespace engine::simt {

/// How one memory instruction addresses memory, decided once per instruction.
struct AccessPlan {
    ptx::StateSpace space = ptx::StateSpace::Generic; ///< the instruction's state space
    bool paramBlock = false; ///< .param reads from the launch's parameter block (a kernel parameter)
    std::uint32_t size = 4; ///< bytes per lane (the whole vector)
    MemoryOp op = MemoryOp::Load;
    const char* word = "read"; ///< "read", "write", "atomic" for messages
    /// A shared load ptxas widens (ptx/shared_load_vectorizer.h): the wide load's bytes per lane and this
    /// load's distance from its start, reported to observers in place of the PTX access; `merged` loads
    /// are served by an earlier wide one and reported not at all.
    std::uint32_t reportedSize = 0;
    std::uint32_t reportedDelta = 0;
    bool merged = false;
    bool lsuUncounted = false; ///< MemoryEvent::lsuUncounted
};

/// The access plan of ld/st/atom/red: size = element size × vector width.
AccessPlan planAccess(const ExecContext& ctx, const ptx::Instruction& ins, const ptx::Operand& address,
    std::uint32_t size, MemoryOp op);

/// Translates lane `lane`'s address to host memory after the memcheck (bounds and natural alignment,
/// PTX ISA 8.5 §5.4.5 / §9.7.9.8: addresses must be aligned to the access size). Records the resolved
/// state-space address in ctx.addresses[lane] and its space in `resolved`. Null after recording a fault.
std::uint8_t* lanePointer(ExecContext& ctx, const AccessPlan& plan, std::uint64_t address, std::uint32_t lane,
    MemorySpace& resolved);

/// The contiguous range an explicit-space access may hit without a lookup: the cached allocation
/// (.global/.const), the CTA's shared memory, or the parameter block. base is null when there is none.
struct FastRange {
    std::uint8_t* base = nullptr;
    std::uint64_t start = 0;
    std::uint64_t bytes = 0;
    MemorySpace space = MemorySpace::Global;
};

FastRange fastRange(ExecContext& ctx, const AccessPlan& plan);
/// Whether all 32 `addresses` hold a whole aligned `size`-byte element inside `fast` (fast.base set).
bool wholeWarpInside(const FastRange& fast, const LaneBits& addresses, std::uint32_t size);
/// fastRange, for an access whose lane at `probe` is first: a .global/.const access whose probe lies outside the
/// cached allocation gets the allocation holding it (which becomes the cached one), and a generic access whose
/// probe is global gets its allocation too (lanes that are not in it take the lane-by-lane path).
FastRange fastRange(ExecContext& ctx, const AccessPlan& plan, std::uint64_t probe);

/// Host pointers of every lane in `mask` (null elsewhere), with the per-space lane masks: lanePointer for
/// each lane, with inline fast paths for explicit .global/.const/.shared/.param-block accesses. False
/// after recording a fault.
bool resolveLanes(ExecContext& ctx, const AccessPlan& plan, const LaneBits& addresses, std::uint32_t mask,
    std::array<std::uint8_t*, kWarpLanes>& pointers, std::array<std::uint32_t, 5>& spaceMasks);

/// resolveLanes for an access whose lanes all have the one address `address` (an address operand without a
/// register: a .param or .global symbol, an absolute address), with one check for them all. False, with nothing
/// changed, when the address is outside the fast range or misaligned: resolveLanes then takes it lane by lane
/// (and reports any fault).
bool resolveUniformLanes(ExecContext& ctx, const AccessPlan& plan, std::uint64_t address, std::uint32_t mask,
    std::array<std::uint8_t*, kWarpLanes>& pointers, std::array<std::uint32_t, 5>& spaceMasks);

/// Records the overwritten bytes when a journal is attached (the stepper's undo of global stores).
void journalStore(ExecContext& ctx, MemorySpace space, std::uint64_t address, const std::uint8_t* p, std::uint32_t size);

/// Tells the observer (and the stepper's last-access record) about a warp's access; `spaceMasks[s]` are
/// the lanes that resolved to MemorySpace s.
void reportAccess(ExecContext& ctx, const AccessPlan& plan, const std::array<std::uint32_t, 5>& spaceMasks);

/// Little-endian load/store of `size` (1, 2, 4, 8) bytes (little-endian host: x86-64, AArch64).
inline std::uint64_t loadBytes(const std::uint8_t* p, std::uint32_t size)
{
    std::uint64_t v = 0;
    switch (size) {
    case 1: std::memcpy(&v, p, 1); break;
    case 2: std::memcpy(&v, p, 2); break;
    case 4: std::memcpy(&v, p, 4); break;
    default: std::memcpy(&v, p, 8); break;
    }
    return v;
}

inline void storeBytes(std::uint8_t* p, std::uint64_t value, std::uint32_t size)
{
    switch (size) {
    case 1: std::memcpy(p, &value, 1); break;
    case 2: std::memcpy(p, &value, 2); break;
    case 4: std::memcpy(p, &value, 4); break;
    default: std::memcpy(p, &value, 8); break;
    }
}

} // namespace engine::simt

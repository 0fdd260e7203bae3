#pragma once

#include "engine/simt/device_memory.h"
#include "engine/simt/launch_plan.h"
#include "engine/simt/printf_log.h"
#include "engine/simt/warp_state.h"
#include "engine/simt/write_overlay.h"

#include <array>
#include <cstdint>
#include <string>

namespace engine::simt {

enum class FaultKind : std::uint8_t {
    None,
    OutOfBounds, ///< an address outside its space (memcheck)
    Misaligned, ///< an address not aligned to the access size (memcheck)
    Trap, ///< PTX `trap`
    Budget, ///< instruction budget exhausted
    Unsupported, ///< an instruction form the executor does not model
    Deadlock,
    Cancelled,
    BadPrintf, ///< a device printf with a malformed format (its pointers fault as OutOfBounds)
};

/// Why a warp stopped the launch. Built only on the failure path.
struct Fault {
    FaultKind kind = FaultKind::None;
    std::uint32_t lane = 0;
    std::uint32_t function = 0; ///< where: Module::functions index and PC
    std::uint32_t pc = 0;
    std::uint64_t address = 0;
    std::uint32_t size = 0;
    MemorySpace space = MemorySpace::Global;
    std::string detail; ///< extra words for the message
};

/// The last memory instruction of a warp, kept for the stepper when `recordAccesses` is set.
struct LastAccess {
    bool valid = false;
    std::uint32_t pc = 0;
    MemorySpace space = MemorySpace::Global;
    MemoryOp op = MemoryOp::Load;
    std::uint32_t activeMask = 0;
    std::uint32_t bytesPerLane = 0;
    std::array<std::uint64_t, kWarpLanes> laneAddresses {};
};

/// What an instruction handler reads and writes: the launch, the CTA, the executing warp, and raw
/// pointers to the current frame's registers (refreshed by bindFrame after calls and warp switches).
struct ExecContext {
    const LaunchPlan* plan = nullptr;
    DeviceMemory* memory = nullptr;
    CtaState* cta = nullptr;
    ClusterState* cluster = nullptr; ///< the CTA's cluster (a cluster of one outside cluster launches)
    std::uint32_t clusterRank = 0; ///< %cluster_ctarank
    WarpState* warp = nullptr;
    ExecutionObserver* observer = nullptr;
    WriteJournal* journal = nullptr; ///< when set, global stores record the bytes they overwrite
    /// When set, global and constant accesses go through it (a block run at the same time as others of its launch).
    WriteOverlay* overlay = nullptr;
    bool recordAccesses = false;

    // The current frame, cached.
    const ptx::Function* fn = nullptr;
    const FunctionLayout* layout = nullptr;
    std::uint32_t fnIndex = 0;
    std::uint32_t* pred = nullptr;
    std::uint16_t* b16 = nullptr;
    std::uint32_t* b32 = nullptr;
    std::uint64_t* b64 = nullptr;
    std::uint64_t* b128 = nullptr;
    std::uint32_t paramBase = 0;

    Allocation* lastAllocation = nullptr; ///< global accesses usually hit the same buffer
    std::array<std::uint64_t, kWarpLanes> addresses {}; ///< scratch for memory instructions
    /// Lanes of the access being resolved that reach another CTA's shared memory (clusterSharedPointer), reported
    /// apart as MemoryEvent::lsuUncounted.
    std::uint32_t remoteSharedLanes = 0;
    LastAccess lastAccess;
    Fault fault;
    std::vector<PcCounters>* counters = nullptr; ///< per function, as LaunchStats::perFunction
    std::uint64_t divergentBranches = 0;
    std::uint64_t clock = 0; ///< warp instructions issued in this launch so far (%clock)
    PrintfLog* printfLog = nullptr; ///< where device printf writes; null: its output is dropped
    /// Set by an instruction after which the warp gives up the rest of its turn (a polling load, see
    /// ops_memory.cpp); runWarp clears it.
    bool yieldTurn = false;

    WarpRef warpRef() const { return WarpRef { cta->ctaid, cta->linear, warp->index }; }
    void fail(FaultKind kind, std::uint32_t lane, std::string detail = {});
};

/// Points the context's register and counter caches at the warp's top frame.
void bindFrame(ExecContext& ctx);

} // namespace engine::simt

#pragma once

#include "engine/ptx/module.h"
#include "engine/simt/execution_observer.h"

#include <array>
#include <cstdint>
#include <vector>

namespace engine::simt {

inline constexpr std::uint32_t kAllLanes = 0xffffffffu;

/// One entry of the reconvergence (SIMT) stack: lanes in `mask` execute from `pc` until they reach
/// `rpc`, the immediate post-dominator of the branch that split them (DIGEST §1.4; PTX front end's
/// Instruction::reconvergePc). The bottom entry of a frame has rpc = kNoPc.
struct SimtEntry {
    std::uint32_t pc = 0;
    std::uint32_t rpc = ptx::kNoPc;
    std::uint32_t mask = 0;
};

/// A function activation: the kernel at the bottom, one per active `call` above it.
struct Frame {
    std::uint32_t function = 0; ///< Module::functions index
    std::uint32_t callSite = 0; ///< in the caller's Function::callSites (unused for the kernel frame)
    std::uint32_t stackBase = 0; ///< SIMT stack entries from here up belong to this frame
    std::array<std::uint32_t, ptx::kRegFileCount> regBase {}; ///< first register of the frame, per file
    std::uint32_t paramBase = 0; ///< byte offset of the frame's per-lane parameter area in WarpState::params
};

enum class WarpStatus : std::uint8_t { Ready, AtBarrier, Done };

/// A warp's architectural state. Registers are structure-of-arrays: register r of a file occupies 32
/// consecutive slots, one per lane ([r * 32 + lane]); predicates are one 32-bit lane mask per register;
/// .b128 registers take two 64-bit slots per lane ([(r * 32 + lane) * 2 + half]). Frames of `call`s are
/// stacked in the same arrays.
struct WarpState {
    std::uint32_t index = 0; ///< warp within the CTA
    std::uint32_t validMask = 0; ///< lanes that exist (the last warp of a block may be partial)
    std::uint32_t exitedMask = 0;
    WarpStatus status = WarpStatus::Ready;
    std::uint32_t barrier = 0; ///< the barrier it waits at, when AtBarrier
    std::uint32_t barrierPc = 0;
    const ptx::Instruction* barrierInstr = nullptr; ///< the bar.red waiting for its result
    std::uint32_t barrierMask = 0; ///< lanes that executed it
    std::uint32_t mbarrierOffset = 0; ///< mbarrier.try_wait: the shared-memory offset of the mbarrier waited on
    std::uint32_t mbarrierParity = 0; ///< and the parity of the phase it waits for
    std::uint32_t clusterPhase = 0; ///< barrier.cluster.arrive: the cluster barrier's phase it arrived in
    std::uint32_t carry = 0; ///< per-lane carry flag CC.CF (PTX ISA 8.5 §9.7.1.13 add.cc/addc)
    std::array<std::array<std::uint32_t, kWarpLanes>, 3> tid {}; ///< %tid.x/.y/.z per lane
    std::vector<SimtEntry> stack;
    std::vector<Frame> frames;
    std::vector<std::uint32_t> pred;
    std::vector<std::uint16_t> b16;
    std::vector<std::uint32_t> b32;
    std::vector<std::uint64_t> b64;
    std::vector<std::uint64_t> b128;
    std::vector<std::uint8_t> params; ///< frames' per-lane .param areas: [paramBase + lane * bytes + offset]
};

/// One of the CTA's sixteen named barriers (PTX ISA 8.5 §9.7.13.1 bar/barrier).
/// Arrivals are counted per warp: "barriers are executed on a per-warp basis" and a thread count must be
/// a multiple of the warp size (§9.7.13.1), so b threads means b / 32 warps.
struct BarrierState {
    std::uint32_t arrivedWarps = 0;
    std::uint32_t expectedWarps = 0; ///< 0: every warp of the CTA that still has live threads
    std::uint64_t waitingWarps = 0; ///< bit w: warp w waits here (bar.sync / bar.red)
    std::uint32_t popcount = 0; ///< bar.red accumulators
    bool allTrue = true;
    bool anyTrue = false;
};

inline constexpr std::uint32_t kBarrierCount = 16;
/// WarpState::barrier of a warp that waits in mbarrier.try_wait (PTX ISA 8.5 §9.7.13.15.16), not at bar.sync.
inline constexpr std::uint32_t kMbarrierWait = kBarrierCount;
/// WarpState::barrier of a warp that waits in barrier.cluster.wait (PTX ISA 8.5 §9.7.13.2).
inline constexpr std::uint32_t kClusterWait = kBarrierCount + 1;

/// A CTA in flight: its warps, shared memory, local memory and barriers.
struct CtaState {
    std::array<std::uint32_t, 3> ctaid {};
    std::uint64_t linear = 0;
    std::vector<std::uint8_t> shared;
    std::vector<std::uint8_t> local; ///< [thread * localBytesPerThread + offset], thread in linear tid order
    std::vector<WarpState> warps;
    std::array<BarrierState, kBarrierCount> barriers {};
    std::uint32_t liveThreads = 0; ///< threads that have not exited
};

/// The CTAs of one thread-block cluster and its barrier (PTX ISA 8.5 §9.7.13.2 barrier.cluster): arrivals are
/// counted per warp, as for bar.sync, over the warps of every CTA of the cluster that have not exited.
struct ClusterState {
    std::vector<CtaState*> ctas; ///< by %cluster_ctarank
    std::uint32_t arrivedWarps = 0;
    std::uint32_t phase = 0; ///< barrier phases completed
};

} // namespace engine::simt

#pragma once

#include "engine/common/result.h"
#include "engine/simt/launch.h"
#include "engine/simt/launch_plan.h"

#include <cstdint>
#include <optional>

namespace engine::simt {

/// What the driver gives a launch beyond its parameters, for cooperative groups.
///
/// Reserved shared memory: from compute capability 8.0 the driver reserves 1 KB of shared memory per block
/// for system use (CUDA C++ Programming Guide, "Technical Specifications per Compute Capability":
/// cudaDevAttrReservedSharedMemoryPerBlock), which PTX reads through %reserved_smem_offset_begin, _end, _cap
/// and _<2> (PTX ISA 8.5 §10 "Special Registers"). Cooperative groups keep the barrier and scratch of
/// tiles wider than a warp there. The ISA leaves the layout to the driver; warpscope places the region
/// after the block's own shared memory, and only for modules that read those registers (so no other
/// kernel's shared-memory footprint changes), with %reserved_smem_offset_0 at its start and _1 halfway.
inline constexpr std::uint64_t kReservedSharedBytes = 1024;

/// True when a function of the module reads a %reserved_smem_offset_* register.
bool readsReservedShared(const ptx::Module& module);

/// %reserved_smem_offset_<n>: a shared-space address inside the reserved region.
std::uint64_t reservedSharedOffset(const LaunchPlan& plan, std::size_t n);

/// %envreg<n> (PTX ISA 8.5 §10: driver-defined, read-only). The CUDA runtime's grid_group::sync() reads
/// the address of the cooperative launch's grid-sync workspace from %envreg2 (low 32 bits) and %envreg1
/// (high 32 bits), and traps when it is 0 — as on a launch that was not cooperative. The others read 0.
std::uint64_t environmentRegister(const LaunchPlan& plan, std::size_t n);

} // namespace engine::simt

#pragma once

#include "engine/ptx/module.h"

#include <cstdint>
#include <vector>

namespace engine::ptx {

/// Which module-level variables kernel `kernel` can reach: those its instructions or those of the functions it
/// calls (transitively) name. nvcc declares every kernel's `__shared__` arrays at module scope, so a module of
/// several kernels lists them all; a kernel is given only the ones it uses, as ptxas allocates them (its
/// per-kernel "bytes smem" report).
std::vector<bool> moduleVariablesUsedBy(const Module& module, std::uint32_t kernel);

/// Where module-level static `.shared` variables sit, each at its placement alignment (known_alignment.h),
/// in declaration order; variables with `used[i]` false and extern arrays get no place. Writes each offset to
/// `offsets[i]` and returns the end.
std::uint64_t layOutModuleShared(
    const Module& module, const std::vector<bool>& used, std::vector<std::uint64_t>& offsets);

/// The static shared memory a block of `kernel` needs: its own `.shared` plus the module-level ones it uses.
std::uint64_t kernelStaticSharedBytes(const Module& module, std::uint32_t kernel);

} // namespace engine::ptx

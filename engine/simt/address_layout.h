#pragma once

#include <cstdint>

namespace engine::simt {

/// warpscope's generic address layout (PTX ISA 8.5 §6.4.1.1 "Generic Addressing": the generic space
/// holds windows for .shared and .local; everything outside the windows is .global). The PTX ISA
/// leaves the window positions to the implementation; warpscope picks these:
///
///   [0, kSharedWindowBase)                          unmapped (a null pointer dereference faults)
///   [kSharedWindowBase, + kWindowBytes)              the executing CTA's shared memory, offset 0 up
///   [kLocalWindowBase,  + kWindowBytes)              the executing thread's local memory, offset 0 up
///   [kClusterWindowBase, + kWindowBytes)             the shared memory of the CTAs of the cluster, by rank
///   [kGlobalBase, ...)                               global allocations (cudaMalloc'd buffers and
///                                                    module .global/.const variables), 256-byte aligned
///
/// State-space addresses: .shared and .local addresses are offsets from 0 in their space; .global and
/// .const addresses equal their generic addresses (the constant bank is modeled inside global memory),
/// so cvta to or from .global/.const is the identity and cvta for .shared/.local adds or subtracts the
/// window base.
inline constexpr std::uint64_t kWindowBytes = std::uint64_t { 1 } << 24; // 16 MiB per window
inline constexpr std::uint64_t kSharedWindowBase = std::uint64_t { 1 } << 24;
inline constexpr std::uint64_t kLocalWindowBase = std::uint64_t { 2 } << 24;
inline constexpr std::uint64_t kGlobalBase = std::uint64_t { 1 } << 32;

/// Distributed shared memory (PTX ISA 8.5 §5.1.4 .shared::cluster, thread-block clusters): the shared memory of
/// the CTA of rank r in its cluster lies at kClusterWindowBase + r × kClusterRankBytes in the generic space, and
/// at (r + 1) × kClusterRankBytes in the .shared::cluster space, where an address below kClusterRankBytes is the
/// executing CTA's own (a .shared::cta address is a valid .shared::cluster address, §5.1.4).
inline constexpr std::uint64_t kClusterRankBytes = std::uint64_t { 1 } << 20; // above any CTA's 227 KiB
inline constexpr std::uint64_t kClusterWindowBase = std::uint64_t { 3 } << 24;

inline constexpr bool inClusterWindow(std::uint64_t generic)
{
    return generic >= kClusterWindowBase && generic < kClusterWindowBase + kWindowBytes;
}

/// cudaMalloc's alignment: "at least 256 bytes" (programming-guide-0.8.2.txt §6.1.2.1; DIGEST §13).
inline constexpr std::uint64_t kAllocationAlignment = 256;

inline constexpr bool inSharedWindow(std::uint64_t generic)
{
    return generic >= kSharedWindowBase && generic < kSharedWindowBase + kWindowBytes;
}

inline constexpr bool inLocalWindow(std::uint64_t generic)
{
    return generic >= kLocalWindowBase && generic < kLocalWindowBase + kWindowBytes;
}

} // namespace engine::simt

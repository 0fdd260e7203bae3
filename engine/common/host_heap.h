#pragma once

namespace engine {

/// Sets the process's heap up for the timing model's way of using memory; call it once at the start of a program
/// that runs launches (the CLI, the GUI, the benchmarks), before any thread starts.
///
/// A launch allocates and frees the same few megabytes again and again — its blocks' traces, its SMs' warp slots,
/// the sampled requests — and glibc, left to itself, hands blocks of that size back to the operating system when
/// they are freed (mapped blocks from 128 KB, trimming the heap's top from 128 KB), so the next launch faults every
/// page of them in again: a page fault costs microseconds in a virtual machine. glibc raises those thresholds as
/// freed blocks grow, so a process's first short launches paid most (PolyBench gemver, run alone: 2.5 M warp
/// instructions/s; after other scenarios in one process: 4.9). Here blocks below kHeapMappedFrom come from the heap
/// and the heap keeps up to kHeapKeptFree bytes free for the next ones.
///
/// A thread's heap (a glibc arena beside the main one) grows by exactly what each allocation needs, each time a
/// change of the address space's protection, which holds up every other thread's page faults while it lasts: the
/// workers of muld 512 × 512 × 512 on two threads made 13 000 of them as their blocks' traces grew. With
/// kHeapGrowth of padding a thread's heap is made accessible whole when it is created (25 such calls).
///
/// The heap grows at once by that much, and its free room is marked for transparent huge pages (where the kernel
/// offers them on request): a first launch faults its SMs' warp slots and scoreboards, caches and traces in 2 MB at a
/// time. PolyBench 2dconv, a process's first launch: 3 550 page faults -> 220-490, 52 ms -> 10-38 ms on the
/// development machine, whose faults cost 13 µs each. Elsewhere than glibc: nothing.
void configureHostHeap();

/// Marks the calling thread's heap (its glibc arena, where a worker thread's allocations come from) for transparent
/// huge pages, from its next free byte on, as configureHostHeap marks the main heap's room: call it when a worker
/// thread starts. An arena serves thread after thread, and each is marked once per process. Elsewhere than glibc on
/// Linux: nothing.
void adviseThreadHeap();

/// Blocks from this size on that the heap's free room cannot hold are mapped pages of their own (the 256 MB buffers
/// of a large copy), given back when freed.
inline constexpr long kHeapMappedFrom = 32L << 20;
/// Free bytes the heap's top may keep before they go back to the operating system.
inline constexpr long kHeapKeptFree = 64L << 20;
/// What the heap grows by beyond an allocation's need (glibc M_TOP_PAD): a thread's heap is at most 64 MB.
inline constexpr long kHeapGrowth = 64L << 20;

} // namespace engine

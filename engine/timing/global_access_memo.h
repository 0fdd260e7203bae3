#pragma once

#include "engine/memory/moved_access.h"
#include "engine/memory/per_instruction.h"
#include "engine/memory/touched_blocks.h"
#include "engine/profiling/memory_counters.h"
#include "engine/timing/warp_trace.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace engine::timing {

/// Remembers, per static instruction, the last global access the block recorder saw there: its touched 32-byte
/// sectors and the transactions its trace got. An access that is the same access moved as a whole by whole
/// lines touches the same sectors moved, each with the same lanes and bytes, and makes the same transactions
/// moved: sectors, lines and CC 1.x segments (at most 128 bytes, aligned to their size) keep their place
/// within a moved line. Consecutive warps of a block and the iterations of a strided loop make such accesses.
/// Where the bytes within a sector do not matter (loads and atomics: their transactions carry sectors only), a
/// move that takes every lane the same whole number of lines away from its sector's place (each lane's next
/// word down a column, in the same sector) touches the same sectors too. One per recorder (one thread).
class GlobalAccessMemo {
public:
    struct Entry {
        MovedAccess access;
        std::uint8_t kind = 0; ///< the caller's tag for what else must agree (operation, state space)
        TouchedBlocks sectors;
        std::vector<MemTxn> txns;
        std::uint8_t wavefronts = 0;
        bool hasTxns = false;
        GlobalAccessCounts counts; ///< what the access added to the memory counters, when `hasCounts`
        bool hasCounts = false;
    };

    /// `lineBytes`: the largest block the recorder derives from sectors; transactions move with whole multiples of
    /// it only (a power of two; otherwise only those of an unmoved access).
    explicit GlobalAccessMemo(std::uint64_t lineBytes);

    /// What match found: the entry whose sectors, moved by `move` bytes (modulo 2^64), are the access's; `lines`
    /// when that is a whole number of lines, so that the entry's transactions move too; `exact` when every lane
    /// moved by `move` bytes (not only its sectors): what the coalescing rules of compute capability 1.x, which
    /// look at each lane's word, give is then the same too.
    struct Match {
        Entry* entry = nullptr;
        std::uint64_t move = 0;
        bool lines = false;
        bool exact = false;
    };
    /// The entry of `instruction` when `access` (with tag `kind`) is its access moved so that its sectors move by
    /// whole sectors: every lane by one number of bytes that is, or, where the bytes within a sector do not matter
    /// (not `bytesMatter`: loads and atomics), every lane's first and last byte by one number of sectors. Each of
    /// the eight loads of PolyBench gemm's row of A (nvcc unrolls the loop eight times) reads a sector further at
    /// every step, not a line: its sectors are known, its transactions are made again.
    Match match(std::size_t instruction, const WarpAccess& access, std::uint8_t kind, bool bytesMatter);
    /// Makes `access` with its `sectors` the one remembered for `instruction`, without transactions or counts yet.
    Entry& remember(std::size_t instruction, const WarpAccess& access, std::uint8_t kind, const TouchedBlocks& sectors);

    /// `entry`'s sectors moved by `move` bytes.
    static void moveSectors(const Entry& entry, std::uint64_t move, TouchedBlocks& out);
    /// Appends `entry`'s transactions moved by `move` bytes to `out`.
    static void appendTransactions(const Entry& entry, std::uint64_t move, std::vector<MemTxn>& out);

private:
    std::uint64_t m_quantum;
    PerInstruction<Entry> m_entries;
};

} // namespace engine::timing

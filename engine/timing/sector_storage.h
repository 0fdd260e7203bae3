#pragma once

#include "engine/timing/cache_line.h"
#include "engine/timing/zeroed_buffer.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace engine::timing {

/// The arrays behind one SectorCache. Per set, one header — its generation, how many ways it uses, each way's key
/// (the low 32 bits of its line number) and recency rank — packed so that a lookup reads one or two host cache lines
/// (a 4-way set's header is 32 bytes, a 16-way set's 104 in 128); and its ways' line records apart.
/// Emptying them is O(1): each set carries the generation it was last cleared in, and a set is cleared
/// when first touched in a newer one. When a cache goes, its arrays wait in a bounded pool per process for the
/// next cache of the same geometry, so a run that follows another in one process (a sweep's next point, the
/// GUI's next run, a launch's L1s after the last launch's) clears the sets it touches instead of faulting in and
/// zeroing the pages of a 50 MB L2's arrays again. Changes nothing the model sees.
class SectorStorage {
public:
    struct Arrays;

    /// The fixed part of a set's header; `keys` and `ranks` follow it.
    struct SetHeader {
        std::uint32_t generation; ///< the generation the set was last emptied in
        std::uint32_t used; ///< ways holding a line: a set takes its ways in order and gives none back but all at once
    };

    /// One set, emptied for this generation. Of its ways only the first `header->used` mean something: their keys,
    /// their ranks (a permutation of [0, used): 0 the most recently used) and their line records.
    struct Set {
        SetHeader* header;
        std::uint32_t* keys;
        std::uint16_t* ranks;
        CacheLine* lines;
    };

    SectorStorage();
    /// Arrays for `sets` × `ways` lines, all empty: from the pool when it holds that geometry, else new.
    SectorStorage(std::uint64_t sets, std::uint32_t ways);
    SectorStorage(SectorStorage&&) noexcept;
    SectorStorage& operator=(SectorStorage&&) noexcept;
    ~SectorStorage();

    Set set(std::uint64_t s)
    {
        auto* header = reinterpret_cast<SetHeader*>(m_headers + s * m_headerStride);
        if (header->generation != m_generation) [[unlikely]]
            clear(*header);
        auto* keys = reinterpret_cast<std::uint32_t*>(header + 1);
        return Set { header, keys, reinterpret_cast<std::uint16_t*>(keys + m_ways), m_lines + s * m_ways };
    }
    /// Asks the host to bring set `s`'s header into its caches, for a lookup soon.
    void prefetch(std::uint64_t s) const
    {
        const unsigned char* header = m_headers + s * m_headerStride;
        for (std::size_t byte = 0; byte < m_headerBytes; byte += kHostLineBytes)
            __builtin_prefetch(header + byte);
    }
    /// Asks the host for the line record a lookup of `key` (a line number's low 32 bits) in set `s` would take: the
    /// way holding the key, else the way the set would give a new line. Reads the set's header, so prefetch that a
    /// little earlier. Changes nothing the model sees.
    void prefetchLine(std::uint64_t s, std::uint32_t key) const;
    /// Every set empty.
    void newGeneration();

    /// Bytes the pool may keep for later caches, and what it keeps now.
    static constexpr std::size_t kPoolBytes = std::size_t { 256 } << 20;
    static std::size_t pooledBytes();

    /// Bytes of a set's header with `ways` ways, and the stride of headers: a power of two up to a host cache line,
    /// whole host lines beyond, so that no header straddles more host lines than it must.
    static std::size_t headerBytes(std::uint32_t ways);
    static std::size_t headerStride(std::uint32_t ways);

private:
    static constexpr std::size_t kHostLineBytes = 64;

    void clear(SetHeader& header) const;
    void bind();

    std::unique_ptr<Arrays> m_arrays;
    unsigned char* m_headers = nullptr; ///< aligned to a host cache line
    CacheLine* m_lines = nullptr;
    std::size_t m_headerStride = 0;
    std::size_t m_headerBytes = 0;
    std::uint32_t m_generation = 0;
    std::uint32_t m_ways = 0;
};

} // namespace engine::timing

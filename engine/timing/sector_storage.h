#pragma once

#include "engine/timing/cache_line.h"
#include "engine/timing/zeroed_buffer.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace engine::timing {

/// The arrays behind one SectorCache: per set, its ways' keys and recency stamps (2 × ways words) and their line
/// records. Emptying them is O(1): each set carries the generation it was last cleared in, and a set is cleared
/// when first touched in a newer one. When a cache goes, its arrays wait in a bounded pool per process for the
/// next cache of the same geometry, so a run that follows another in one process (a sweep's next point, the
/// GUI's next run, a launch's L1s after the last launch's) clears the sets it touches instead of faulting in and
/// zeroing the pages of a 50 MB L2's 18 MB of arrays again. Changes nothing the model sees.
class SectorStorage {
public:
    struct Arrays;

    /// One set, emptied for this generation: its ways' keys (tag + 1; 0 unused), then their stamps; their line
    /// records. A way's stamp and record mean something only while its key is not 0.
    struct Set {
        std::uint64_t* keys;
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
        if (m_generations[s] != m_generation) [[unlikely]]
            clear(s);
        return Set { m_meta + s * m_ways * 2, m_lines + s * m_ways };
    }
    /// Asks the host to bring set `s` into its caches — its mark, keys and stamps, line records — for a lookup
    /// soon.
    void prefetch(std::uint64_t s) const
    {
        __builtin_prefetch(m_generations + s);
        const std::uint64_t* keys = m_meta + s * m_ways * 2;
        constexpr std::size_t kHostLineWords = 64 / sizeof(std::uint64_t);
        for (std::size_t word = 0; word < std::size_t { m_ways } * 2; word += kHostLineWords)
            __builtin_prefetch(keys + word);
        const auto* lines = reinterpret_cast<const char*>(m_lines + s * m_ways);
        for (std::size_t byte = 0; byte < std::size_t { m_ways } * sizeof(CacheLine); byte += 64)
            __builtin_prefetch(lines + byte);
    }
    /// Every set empty.
    void newGeneration();

    /// Bytes the pool may keep for later caches, and what it keeps now.
    static constexpr std::size_t kPoolBytes = std::size_t { 256 } << 20;
    static std::size_t pooledBytes();

private:
    void clear(std::uint64_t s);
    void bind();

    std::unique_ptr<Arrays> m_arrays;
    std::uint64_t* m_meta = nullptr;
    CacheLine* m_lines = nullptr;
    std::uint32_t* m_generations = nullptr;
    std::uint32_t m_generation = 0;
    std::uint32_t m_ways = 0;
};

} // namespace engine::timing

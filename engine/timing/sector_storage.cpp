#include "engine/timing/sector_storage.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <utility>
#include <vector>

namespace engine::timing {

struct SectorStorage::Arrays {
    Arrays(std::uint64_t setCount, std::uint32_t wayCount)
        : lines(setCount * wayCount)
        , meta(setCount * wayCount * 2)
        , generations(setCount)
        , sets(setCount)
        , ways(wayCount)
    {
    }

    std::size_t bytes() const { return lines.size() * sizeof(CacheLine) + meta.size() * 8 + generations.size() * 4; }

    ZeroedBuffer<CacheLine> lines; ///< set-major: set s holds [s × ways, (s + 1) × ways)
    ZeroedBuffer<std::uint64_t> meta;
    ZeroedBuffer<std::uint32_t> generations; ///< per set: the generation it was last cleared in
    std::uint64_t sets;
    std::uint32_t ways;
    std::uint32_t generation = 0; ///< all zeros (new arrays) are generation 0's empty sets
};

namespace {
    /// Arrays given back, the most recent last; shared by every thread of the process.
    struct Pool {
        std::mutex mutex;
        std::vector<std::unique_ptr<SectorStorage::Arrays>> arrays;
        std::size_t bytes = 0;
    };

    Pool& pool()
    {
        static Pool* const instance = new Pool; // never destroyed: caches may go after static destruction began
        return *instance;
    }

    std::unique_ptr<SectorStorage::Arrays> takeFromPool(std::uint64_t sets, std::uint32_t ways)
    {
        Pool& p = pool();
        const std::lock_guard lock(p.mutex);
        for (auto it = p.arrays.rbegin(); it != p.arrays.rend(); ++it) {
            if ((*it)->sets == sets && (*it)->ways == ways) {
                std::unique_ptr<SectorStorage::Arrays> found = std::move(*it);
                p.arrays.erase(std::next(it).base());
                p.bytes -= found->bytes();
                return found;
            }
        }
        return nullptr;
    }

    void giveToPool(std::unique_ptr<SectorStorage::Arrays> arrays)
    {
        if (arrays->bytes() > SectorStorage::kPoolBytes)
            return; // freed here
        std::vector<std::unique_ptr<SectorStorage::Arrays>> dropped; // freed outside the lock
        Pool& p = pool();
        const std::lock_guard lock(p.mutex);
        p.bytes += arrays->bytes();
        p.arrays.push_back(std::move(arrays));
        std::size_t oldest = 0;
        while (p.bytes > SectorStorage::kPoolBytes) {
            p.bytes -= p.arrays[oldest]->bytes();
            dropped.push_back(std::move(p.arrays[oldest++]));
        }
        p.arrays.erase(p.arrays.begin(), p.arrays.begin() + static_cast<std::ptrdiff_t>(oldest));
    }
}

SectorStorage::SectorStorage() = default;

std::size_t SectorStorage::pooledBytes()
{
    Pool& p = pool();
    const std::lock_guard lock(p.mutex);
    return p.bytes;
}

SectorStorage::SectorStorage(std::uint64_t sets, std::uint32_t ways)
{
    if (sets == 0)
        return;
    m_arrays = takeFromPool(sets, ways);
    const bool used = m_arrays != nullptr;
    if (!used)
        m_arrays = std::make_unique<Arrays>(sets, ways);
    bind();
    if (used)
        newGeneration();
}

SectorStorage::SectorStorage(SectorStorage&& other) noexcept
{
    *this = std::move(other);
}

SectorStorage& SectorStorage::operator=(SectorStorage&& other) noexcept
{
    if (this != &other) {
        if (m_arrays)
            giveToPool(std::move(m_arrays));
        m_arrays = std::move(other.m_arrays);
        bind();
        other.bind();
    }
    return *this;
}

SectorStorage::~SectorStorage()
{
    if (m_arrays)
        giveToPool(std::move(m_arrays));
}

void SectorStorage::bind()
{
    m_meta = m_arrays ? &m_arrays->meta[0] : nullptr;
    m_lines = m_arrays ? &m_arrays->lines[0] : nullptr;
    m_generations = m_arrays ? &m_arrays->generations[0] : nullptr;
    m_generation = m_arrays ? m_arrays->generation : 0;
    m_ways = m_arrays ? m_arrays->ways : 0;
}

void SectorStorage::newGeneration()
{
    if (!m_arrays)
        return;
    if (++m_arrays->generation == 0) { // wrapped: every set's mark might match again, so clear them all
        m_arrays->lines.zero();
        m_arrays->meta.zero();
        m_arrays->generations.zero();
    }
    m_generation = m_arrays->generation;
}

void SectorStorage::clear(std::uint64_t s)
{
    // Only the keys: a way's stamp and line record are written whenever its key is (SectorCache::replace), and
    // nothing reads them while the key says unused.
    std::memset(static_cast<void*>(m_meta + s * m_ways * 2), 0, std::size_t { m_ways } * sizeof(std::uint64_t));
    m_generations[s] = m_generation;
}

} // namespace engine::timing

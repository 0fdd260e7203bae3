#include "engine/timing/sector_storage.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <mutex>
#include <utility>
#include <vector>

namespace engine::timing {

struct SectorStorage::Arrays {
    Arrays(std::uint64_t setCount, std::uint32_t wayCount)
        : lines(setCount * wayCount)
        , headers(setCount * headerStride(wayCount) + kHostLineBytes) // room to align the first header
        , sets(setCount)
        , ways(wayCount)
    {
    }

    std::size_t bytes() const { return lines.size() * sizeof(CacheLine) + headers.size(); }

    ZeroedBuffer<CacheLine> lines; ///< set-major: set s holds [s × ways, (s + 1) × ways)
    ZeroedBuffer<unsigned char> headers; ///< all zeros: every set empty in generation 0
    std::uint64_t sets;
    std::uint32_t ways;
    std::uint32_t generation = 0;
};

std::size_t SectorStorage::headerBytes(std::uint32_t ways)
{
    return sizeof(SetHeader) + std::size_t { ways } * (sizeof(std::uint32_t) + sizeof(std::uint16_t));
}

std::size_t SectorStorage::headerStride(std::uint32_t ways)
{
    const std::size_t bytes = (headerBytes(ways) + 7) / 8 * 8; // the next header's words stay aligned
    return bytes <= kHostLineBytes ? std::bit_ceil(bytes) : (bytes + kHostLineBytes - 1) / kHostLineBytes * kHostLineBytes;
}

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
    m_headers = nullptr;
    m_lines = nullptr;
    m_generation = 0;
    m_ways = 0;
    m_headerStride = 0;
    m_headerBytes = 0;
    if (!m_arrays)
        return;
    const auto base = reinterpret_cast<std::uintptr_t>(&m_arrays->headers[0]);
    m_headers = &m_arrays->headers[0] + (kHostLineBytes - base % kHostLineBytes) % kHostLineBytes;
    m_lines = &m_arrays->lines[0];
    m_generation = m_arrays->generation;
    m_ways = m_arrays->ways;
    m_headerStride = headerStride(m_ways);
    m_headerBytes = headerBytes(m_ways);
}

void SectorStorage::newGeneration()
{
    if (!m_arrays)
        return;
    if (++m_arrays->generation == 0) { // wrapped: every set's mark might match again, so clear them all
        m_arrays->lines.zero();
        m_arrays->headers.zero();
    }
    m_generation = m_arrays->generation;
}

void SectorStorage::prefetchLine(std::uint64_t s, std::uint32_t key) const
{
    const auto* header = reinterpret_cast<const SetHeader*>(m_headers + s * m_headerStride);
    const std::uint32_t used = header->generation == m_generation ? header->used : 0;
    const auto* keys = reinterpret_cast<const std::uint32_t*>(header + 1);
    const auto* ranks = reinterpret_cast<const std::uint16_t*>(keys + m_ways);
    std::uint32_t way = used < m_ways ? used : 0;
    for (std::uint32_t w = 0; w < used; ++w) {
        if (keys[w] == key) { // the high half is in the record itself: a match of the low half is taken as a hit
            way = w;
            break;
        }
        if (used == m_ways && ranks[w] == m_ways - 1)
            way = w;
    }
    __builtin_prefetch(m_lines + s * m_ways + way);
}

void SectorStorage::clear(SetHeader& header) const
{
    // Only the count: a way's key, rank and line record are written whenever the set takes it (SectorCache), and
    // nothing reads them before.
    header.used = 0;
    header.generation = m_generation;
}

} // namespace engine::timing

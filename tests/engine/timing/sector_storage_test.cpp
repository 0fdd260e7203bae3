// SectorStorage: a cache built on arrays an earlier cache gave back, or emptied by invalidateAll, behaves as a new
// one — every lookup misses, fill is 0, ways are taken and evicted in the same order — and the pool keeps at most
// kPoolBytes.
#include "engine/timing/sector_cache.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

using namespace engine::timing;

namespace {

/// What a run of accesses saw: per access, hit, and the dirty sectors its eviction left.
std::vector<int> replay(SectorCache& cache, std::uint64_t lines)
{
    std::vector<int> seen;
    for (std::uint64_t i = 0; i < lines * 3; ++i) {
        const std::uint64_t address = ((i * 7919) % (lines * 2)) * cache.lineBytes();
        const CacheAccess a = cache.access(address);
        seen.push_back(a.hit ? 1000 : a.evicted.dirty);
        a.line->dirty = static_cast<std::uint8_t>(a.line->dirty | (1u << (i % 4)));
    }
    return seen;
}

void expectEmpty(SectorCache& cache, std::uint64_t lines)
{
    EXPECT_EQ(cache.fill(), 0.0);
    for (std::uint64_t line = 0; line < lines * 2; ++line)
        ASSERT_EQ(cache.peek(line * cache.lineBytes()), nullptr) << "line " << line;
}

} // namespace

TEST(SectorStorage, ACacheOnArraysGivenBackStartsEmpty)
{
    // A small cache (calloc'd arrays) and one of 4 MB (mapped): both come back from the pool on the next build.
    for (const std::uint64_t capacity : { std::uint64_t { 64 } * 128, std::uint64_t { 4 } << 20 }) {
        const std::uint64_t lines = capacity / 128;
        std::vector<int> fresh;
        {
            SectorCache first(capacity, 128, 16);
            fresh = replay(first, lines);
            ASSERT_GT(first.fill(), 0.5);
        }
        SectorCache second(capacity, 128, 16);
        expectEmpty(second, lines);
        EXPECT_EQ(replay(second, lines), fresh) << capacity << " bytes";
    }
}

TEST(SectorStorage, InvalidateAllEmptiesEverySet)
{
    const std::uint64_t lines = 256;
    SectorCache cache(lines * 128, 128, 4);
    const std::vector<int> first = replay(cache, lines);
    cache.invalidateAll();
    expectEmpty(cache, lines);
    EXPECT_EQ(replay(cache, lines), first); // no eviction reports a line of before: they were all dropped
}

TEST(SectorStorage, ThePoolKeepsAtMostItsBound)
{
    {
        std::vector<SectorCache> caches;
        for (int i = 0; i < 24; ++i) // 24 × 18 MB of arrays, more than the pool keeps
            caches.emplace_back(std::uint64_t { 50 } << 20, 128, 16);
    }
    EXPECT_LE(SectorStorage::pooledBytes(), SectorStorage::kPoolBytes);
    EXPECT_GT(SectorStorage::pooledBytes(), SectorStorage::kPoolBytes / 2);
}

// SectorStorage: a cache built on arrays an earlier cache gave back, or emptied by invalidateAll, behaves as a new
// one — every lookup misses, fill is 0, ways are taken and evicted in the same order — and the pool keeps at most
// kPoolBytes.
#include "engine/timing/sector_cache.h"

#include <gtest/gtest.h>

#include <algorithm>
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

namespace {

/// The rule the ranks stand for, as a list: per set, lines from the most to the least recently used.
struct ListLru {
    ListLru(const SectorCache& cache)
        : sets(cache.sets())
        , ways(cache.ways())
    {
    }
    /// Whether `line` was there; on a miss `evicted` is the line it replaced (or ~0 when a way was free).
    bool access(std::uint64_t set, std::uint64_t line, std::uint64_t& evicted)
    {
        std::vector<std::uint64_t>& order = sets[set];
        const auto it = std::find(order.begin(), order.end(), line);
        const bool hit = it != order.end();
        evicted = ~std::uint64_t { 0 };
        if (hit) {
            order.erase(it);
        } else if (order.size() == ways) {
            evicted = order.back();
            order.pop_back();
        }
        order.insert(order.begin(), line);
        return hit;
    }
    std::vector<std::vector<std::uint64_t>> sets;
    std::size_t ways;
};

} // namespace

TEST(SectorStorage, RanksEvictTheLineAListOfRecentUseWould)
{
    // Random accesses over three times as many lines as the cache holds, with peeks (which change no recency) and an
    // invalidation halfway: every hit, every eviction (told by the evicted line's dirty mark, its number's low byte
    // + 1) and what each set holds, as the list says. Ways from one to more than a byte counts.
    for (const std::uint32_t ways : { 1u, 2u, 4u, 5u, 16u, 300u }) {
        SectorCache cache(std::uint64_t { ways } * 4 * 128, 128, ways);
        ListLru list(cache);
        const std::uint64_t lines = cache.sets() * ways * 3;
        std::uint64_t state = 12345;
        for (int i = 0; i < 20000; ++i) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            const std::uint64_t line = (state >> 33) % lines;
            if (i == 10000) {
                cache.invalidateAll();
                list = ListLru(cache);
            }
            if ((state >> 20) % 5 == 0) { // a peek
                const auto& order = list.sets[cache.setIndex(line * 128)];
                const bool there = std::find(order.begin(), order.end(), line) != order.end();
                ASSERT_EQ(cache.peek(line * 128) != nullptr, there) << ways << " ways, access " << i;
                continue;
            }
            std::uint64_t evicted = 0;
            const bool hit = list.access(cache.setIndex(line * 128), line, evicted);
            const CacheAccess a = cache.access(line * 128);
            ASSERT_EQ(a.hit, hit) << ways << " ways, access " << i;
            const int expected = evicted == ~std::uint64_t { 0 } ? 0 : static_cast<int>((evicted & 0x7f) + 1);
            ASSERT_EQ(static_cast<int>(a.evicted.dirty), expected) << ways << " ways, access " << i;
            a.line->dirty = static_cast<std::uint8_t>((line & 0x7f) + 1);
        }
        for (std::uint64_t line = 0; line < lines; ++line) {
            const auto& order = list.sets[cache.setIndex(line * 128)];
            const bool there = std::find(order.begin(), order.end(), line) != order.end();
            ASSERT_EQ(cache.peek(line * 128) != nullptr, there) << ways << " ways, line " << line;
        }
    }
}

TEST(SectorStorage, LinesWhoseNumbersShareTheirLowHalfAreTwoLines)
{
    // A set's header keeps the low 32 bits of a line number, its record the high ones: lines 2^32 apart in one set
    // are told apart.
    SectorCache cache(4 * 128, 128, 4); // one set
    ASSERT_EQ(cache.sets(), 1u);
    const std::uint64_t low = std::uint64_t { 7 } * 128;
    const std::uint64_t high = low + (std::uint64_t { 1 } << 32) * 128;
    EXPECT_FALSE(cache.access(low).hit);
    EXPECT_EQ(cache.peek(high), nullptr);
    EXPECT_FALSE(cache.access(high).hit);
    EXPECT_TRUE(cache.access(low).hit);
    EXPECT_TRUE(cache.access(high).hit);
    EXPECT_NE(cache.peek(low), cache.peek(high));
    EXPECT_EQ(cache.fill(), 0.5);
}

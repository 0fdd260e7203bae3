// ZeroedBuffer: zeros on every allocation, small (calloc) and large (mapped pages), also after an earlier buffer of
// the same size was written and freed — what a second run in one process (the GUI, a sweep) gets for its L2.
#include "engine/timing/zeroed_buffer.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace {

template <typename T>
bool allZero(const engine::timing::ZeroedBuffer<T>& b)
{
    for (std::size_t i = 0; i < b.size(); ++i) {
        if (b[i] != T {})
            return false;
    }
    return true;
}

TEST(ZeroedBuffer, EveryAllocationStartsAtZero)
{
    for (const std::size_t count : { std::size_t { 1 }, std::size_t { 1000 }, std::size_t { 3 } << 20 }) {
        for (int round = 0; round < 2; ++round) {
            engine::timing::ZeroedBuffer<std::uint64_t> b(count);
            ASSERT_EQ(count, b.size());
            EXPECT_TRUE(allZero(b)) << count << " words, round " << round;
            for (std::size_t i = 0; i < count; i += 511)
                b[i] = i + 1;
            EXPECT_EQ(std::uint64_t { 1 }, b[0]);
            b.zero();
            EXPECT_TRUE(allZero(b));
            b[count - 1] = 7; // freed written: the next round's buffer must still start at zero
        }
    }
}

} // namespace

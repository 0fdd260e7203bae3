// A block that takes the slot of one that retired starts block_replacement_cycles after the retirement (profile
// `timing`): on the H100, 354 cycles from the last instruction of a block to the first of its successor on that SM
// (bench/hardware/block_replacement_probe.cu, docs/block_replacement_h100.md).
#include "tests/engine/device_fixtures.h"
#include "timing_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

namespace {

struct BlockSpan {
    std::uint64_t firstIssue = ~std::uint64_t { 0 };
    std::uint64_t end = 0;
};

/// Per SM, each recorded block's first issue and the end of its last interval, in the order the blocks started.
std::map<std::uint32_t, std::vector<BlockSpan>> blocksBySm(const engine::timing::TimedLaunch& launch)
{
    std::map<std::pair<std::uint32_t, std::uint64_t>, BlockSpan> spans;
    for (const auto& interval : launch.intervals) {
        BlockSpan& span = spans[{ interval.sm.value, interval.block.value }];
        if (interval.state == engine::WarpState::Issuing)
            span.firstIssue = std::min(span.firstIssue, interval.startCycle);
        span.end = std::max(span.end, interval.endCycle);
    }
    std::map<std::uint32_t, std::vector<BlockSpan>> bySm;
    for (const auto& [key, span] : spans)
        bySm[key.first].push_back(span);
    for (auto& [sm, blocks] : bySm)
        std::sort(blocks.begin(), blocks.end(), [](const auto& a, const auto& b) { return a.firstIssue < b.firstIssue; });
    return bySm;
}

} // namespace

TEST(BlockReplacement, TheNextBlockOnAnSmStartsTheMeasuredTimeAfterTheLastOneEnds)
{
    // The probe's setting: one block resident per SM (256 threads of 255 registers fill the H100's 64 K), three
    // waves of blocks far longer than the SM's launch interval, so only the replacement time separates them.
    const auto m = simt_testing::corpus("offset_copy");
    engine::timing::TimingOptions options;
    options.registersPerThread = 255;
    options.recordSms = { 0, 131 };
    const std::uint32_t n = 132 * 3 * 256;
    const auto launch = timing_testing::timeCopy(m, "offsetCopy", "h100", n, n + 32, 1, options);
    const auto bySm = blocksBySm(launch);
    ASSERT_EQ(bySm.size(), 2u);
    for (const auto& [sm, blocks] : bySm) {
        SCOPED_TRACE(sm);
        ASSERT_EQ(blocks.size(), 3u);
        for (std::size_t i = 1; i < blocks.size(); ++i) {
            // A block ends when its last result is ready, a few cycles after its last issue (the copy's store).
            const std::uint64_t gap = blocks[i].firstIssue - blocks[i - 1].end;
            EXPECT_GE(gap, 354u);
            EXPECT_LE(gap, 354u + 8u);
        }
    }
}

TEST(BlockReplacement, AProfileWithoutItStartsTheNextBlockAtOnce)
{
    engine::DeviceProfile immediate = testing_fixtures::builtinProfile("h100");
    immediate.timing.blockReplacementCycles = 0;
    const auto m = simt_testing::corpus("offset_copy");
    engine::timing::TimingOptions options;
    options.registersPerThread = 255;
    options.recordSms = { 0 };
    const std::uint32_t n = 132 * 3 * 256;
    const auto launch = timing_testing::timeCopy(m, "offsetCopy", immediate, n, n + 32, 1, options);
    const auto blocks = blocksBySm(launch).at(0);
    ASSERT_EQ(blocks.size(), 3u);
    for (std::size_t i = 1; i < blocks.size(); ++i)
        EXPECT_LT(blocks[i].firstIssue - blocks[i - 1].end, 16u); // at most the window's end
}

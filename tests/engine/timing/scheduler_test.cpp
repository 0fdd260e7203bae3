#include "engine/timing/warp_scheduler.h"
#include "timing_test_util.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace engine::timing;

TEST(WarpScheduler, GreedyThenOldestKeepsTheLastWarpElseTakesTheOldest)
{
    auto gto = makeWarpScheduler(SchedulerPolicy::GreedyThenOldest);
    const std::vector<Candidate> ready { { 0, 9 }, { 4, 2 }, { 8, 5 } };
    EXPECT_EQ(gto->pick(ready), 1u); // oldest: age 2
    gto->issued(8);
    EXPECT_EQ(gto->pick(ready), 2u); // greedy: slot 8 is still ready
}

TEST(WarpScheduler, LooseRoundRobinTakesTheNextSlotAndWraps)
{
    auto lrr = makeWarpScheduler(SchedulerPolicy::LooseRoundRobin);
    const std::vector<Candidate> ready { { 0, 0 }, { 4, 0 }, { 8, 0 } };
    EXPECT_EQ(lrr->pick(ready), 0u);
    lrr->issued(4);
    EXPECT_EQ(lrr->pick(ready), 2u);
    lrr->issued(8);
    EXPECT_EQ(lrr->pick(ready), 0u);
}

namespace {

/// Two warps of one block on one scheduler (an H100 with its SM's four schedulers made one). Warp 0 branches over an
/// add that warp 1 runs (a taken branch holds warp 0 for the redirect); then each warp issues 24 independent adds.
/// Per warp, the cycles it issued in (its recorded Issuing intervals).
std::vector<std::vector<std::uint64_t>> issueCycles(SchedulerPolicy policy)
{
    std::string adds;
    for (int i = 0; i < 24; ++i)
        adds += "    add.u32 %r" + std::to_string(i + 2) + ", %r1, " + std::to_string(i) + ";\n";
    const auto m = simt_testing::parse(R"(.version 8.5
.target sm_90
.address_size 64
.visible .entry independent()
{
    .reg .pred %p<2>;
    .reg .b32 %r<32>;
    mov.u32 %r1, %tid.x;
    setp.lt.u32 %p1, %r1, 32;
    @%p1 bra ADDS;
    add.u32 %r30, %r1, 1;
ADDS:
)" + adds + "    ret;\n}\n");
    engine::DeviceProfile profile = testing_fixtures::builtinProfile("h100");
    profile.timing.warpSchedulersPerSm = 1;
    engine::simt::DeviceMemory mem;
    engine::simt::LaunchRequest r;
    r.module = &m;
    r.kernel = static_cast<std::uint32_t>(m.findFunction("independent"));
    r.profile = &profile;
    r.grid = { 1, 1, 1 };
    r.block = { 64, 1, 1 };
    TimingOptions options;
    options.scheduler = policy;
    auto timed = runTimedKernel(r, mem, options);
    if (!timed)
        throw std::runtime_error(timed.error().toString());
    std::vector<std::vector<std::uint64_t>> cycles(2);
    for (const engine::WarpInterval& interval : timed->intervals) {
        if (interval.state != engine::WarpState::Issuing)
            continue;
        for (std::uint64_t c = interval.startCycle; c < interval.endCycle; ++c)
            cycles.at(interval.warp.value).push_back(c);
    }
    return cycles;
}

/// Whether the last `count` issues of a warp went on consecutive cycles.
bool lastInARow(const std::vector<std::uint64_t>& cycles, std::size_t count)
{
    return cycles.size() >= count && cycles.back() - cycles[cycles.size() - count] == count - 1;
}

} // namespace

TEST(WarpScheduler, AnSmsGreedyThenOldestSchedulerKeepsIssuingTheWarpItIssuedLast)
{
    // Rogers et al. (gto_scheduler.h): while warp 0 waits for its branch's redirect, warp 1 starts its adds, and
    // keeps the scheduler until its ret although the older warp 0 becomes ready meanwhile; then warp 0 issues its
    // adds. Loose round-robin takes the two in turn once both are ready. The SM makes the greedy choice in its scan
    // of the warps (SmModel::issueOne), the round-robin one through the policy's pick.
    const auto gto = issueCycles(SchedulerPolicy::GreedyThenOldest);
    ASSERT_EQ(gto[0].size(), 28u); // mov, setp, bra, 24 adds, ret
    ASSERT_EQ(gto[1].size(), 29u); // and the add warp 0 branched over
    EXPECT_TRUE(lastInARow(gto[1], 26)); // that add, the 24, ret: uninterrupted
    EXPECT_LT(gto[1].back(), gto[0][3]); // before warp 0's first add
    EXPECT_TRUE(lastInARow(gto[0], 25));
    const auto lrr = issueCycles(SchedulerPolicy::LooseRoundRobin);
    ASSERT_EQ(lrr[0].size(), 28u);
    ASSERT_EQ(lrr[1].size(), 29u);
    EXPECT_FALSE(lastInARow(lrr[1], 26));
    EXPECT_GT(lrr[1].back(), lrr[0][3]);
}

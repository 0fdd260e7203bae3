#include "engine/timing/warp_scheduler.h"

#include <gtest/gtest.h>

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

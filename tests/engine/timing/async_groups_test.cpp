// cp.async groups (PTX ISA 8.5 §9.7.9.25.3.3-5) and mbarrier phases (§9.7.13.15.2) in model time.
#include "engine/timing/async_groups.h"
#include "engine/timing/mbarrier_phases.h"

#include <gtest/gtest.h>

using engine::timing::AsyncGroups;
using engine::timing::MbarrierPhases;

TEST(AsyncGroups, WaitGroupOneLeavesTheNewestGroupInFlight)
{
    // The double buffer of the Programming Guide ("Asynchronous Data Copies"): copy tile 0, commit; copy tile 1,
    // commit; wait_group 1 waits for tile 0 only.
    AsyncGroups g;
    g.add(500);
    g.add(520);
    g.commit();
    g.add(900);
    g.commit();
    EXPECT_EQ(g.wait(1), 520u);
    EXPECT_EQ(g.latest(), 900u);
    EXPECT_EQ(g.wait(1), 0u); // nothing older than the newest group is left
    EXPECT_EQ(g.wait(0), 900u);
}

TEST(AsyncGroups, WaitAllCoversCopiesNotYetCommitted)
{
    // §9.7.9.25.3.5: wait_all is commit_group followed by wait_group 0.
    AsyncGroups g;
    g.add(300);
    g.commit();
    g.add(700);
    EXPECT_EQ(g.wait(0), 300u); // the open group is not waited for by wait_group
    g.add(750);
    EXPECT_EQ(g.waitAll(), 750u);
}

TEST(AsyncGroups, ManyPendingGroupsFoldLateNeverEarly)
{
    AsyncGroups g;
    for (std::uint64_t i = 0; i < 40; ++i) {
        g.add(1000 + i);
        g.commit();
    }
    EXPECT_GE(g.wait(1), 1038u);
    EXPECT_EQ(g.wait(0), 1039u);
}

TEST(MbarrierPhases, APhaseCompletesAtItsLastContributionInAnyOrder)
{
    MbarrierPhases p;
    const std::uint64_t key = (std::uint64_t { 64 } << 32) | 2;
    p.expect(key);
    p.expect(key);
    EXPECT_EQ(p.completion(key, 99), 99u);
    EXPECT_FALSE(p.contribute(key, 700)); // the functional run's last arrival may come first in model time
    EXPECT_TRUE(p.contribute(key, 400));
    EXPECT_EQ(p.completion(key, 99), 700u);
    EXPECT_EQ(p.completion(key + 1, 99), 0u); // a phase no trace contributes to is complete
}

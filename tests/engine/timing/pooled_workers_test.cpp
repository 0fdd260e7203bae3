// PooledWorkers: a launch's set of threads goes back to the process when the launch ends and the next launch of as
// many threads gets it, started; sets are kept up to a bound, and a set of one thread is no threads. The tests share
// the process's idle sets.
#include "engine/timing/pooled_workers.h"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <set>
#include <thread>
#include <vector>

namespace {

using engine::timing::PooledWorkers;
using engine::timing::WindowWorkers;

/// The threads that ran a batch of `jobs` jobs on `workers`, each job long enough for every thread to take one.
std::set<std::thread::id> threadsOf(WindowWorkers& workers, std::size_t jobs)
{
    std::vector<std::thread::id> ids(jobs);
    workers.run(jobs, [&ids](std::size_t i) {
        ids[i] = std::this_thread::get_id();
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    });
    return { ids.begin(), ids.end() };
}

TEST(PooledWorkers, TheNextLaunchOfAsManyThreadsGetsTheSetGivenBack)
{
    const WindowWorkers* lent = nullptr;
    std::set<std::thread::id> first;
    {
        const PooledWorkers workers(11);
        lent = &*workers;
        EXPECT_EQ(workers->threads(), 11u);
        for (int batch = 0; batch < 50 && first.size() < 11; ++batch) { // until every thread has taken a job
            const auto seen = threadsOf(*workers, 44);
            first.insert(seen.begin(), seen.end());
        }
        ASSERT_EQ(first.size(), 11u);
    }
    const PooledWorkers again(11);
    EXPECT_EQ(&*again, lent);
    const auto second = threadsOf(*again, 44);
    for (const auto& id : second) {
        if (id != std::this_thread::get_id()) { // the caller takes part too
            EXPECT_TRUE(first.contains(id)) << "a thread started anew";
        }
    }
    // Another size is another set; while one is lent it is not lent twice.
    const PooledWorkers other(10);
    EXPECT_NE(&*other, lent);
    const PooledWorkers alongside(11);
    EXPECT_NE(&*alongside, &*again);
}

TEST(PooledWorkers, AtMostKIdleSetsAreKept)
{
    const std::size_t before = PooledWorkers::idleCount();
    {
        std::vector<std::unique_ptr<PooledWorkers>> many;
        for (std::size_t i = 0; i < PooledWorkers::kIdleSets + 2; ++i)
            many.push_back(std::make_unique<PooledWorkers>(13)); // a size no other test lends
        EXPECT_EQ(PooledWorkers::idleCount(), before); // lent sets are not idle
    } // given back: the longest idle end once more than kIdleSets would be
    EXPECT_EQ(PooledWorkers::idleCount(), PooledWorkers::kIdleSets);
    const PooledWorkers borrowed(13);
    EXPECT_EQ(PooledWorkers::idleCount(), PooledWorkers::kIdleSets - 1);
}

TEST(PooledWorkers, ASetOfOneThreadRunsOnTheCaller)
{
    const PooledWorkers one(1);
    EXPECT_EQ(one->threads(), 1u);
    EXPECT_EQ(threadsOf(*one, 4), std::set<std::thread::id> { std::this_thread::get_id() });
}

} // namespace

// usableCores: the hardware threads of the calling thread's affinity mask (what `taskset` leaves a process).
#include "engine/common/host_cores.h"

#include <gtest/gtest.h>

#include <thread>

#if defined(__linux__)
#include <sched.h>
#endif

namespace {

TEST(HostCores, AtLeastOneAndNoMoreThanTheHostHas)
{
    EXPECT_GE(engine::usableCores(), 1u);
    if (std::thread::hardware_concurrency() != 0) {
        EXPECT_LE(engine::usableCores(), std::thread::hardware_concurrency());
    }
}

#if defined(__linux__)
TEST(HostCores, AThreadHeldToOneCpuMayUseOne)
{
    cpu_set_t mask;
    CPU_ZERO(&mask);
    ASSERT_EQ(::sched_getaffinity(0, sizeof(mask), &mask), 0);
    std::size_t first = 0;
    while (!CPU_ISSET(first, &mask))
        ++first;
    unsigned seen = 0;
    std::thread held([&] {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(first, &one);
        if (::sched_setaffinity(0, sizeof(one), &one) == 0)
            seen = engine::usableCores();
    });
    held.join();
    EXPECT_EQ(seen, 1u);
}
#endif

} // namespace

// Block 0's requests are kept whole, with their lane addresses; other blocks' are not.
#include "engine/profiling/request_sampler.h"

#include <gtest/gtest.h>

namespace {

engine::simt::MemoryEvent event(std::uint64_t block, std::uint32_t warp, const std::array<std::uint64_t, 32>& addresses)
{
    engine::simt::MemoryEvent e;
    e.warp.blockLinear = block;
    e.warp.warp = warp;
    e.pc = 7;
    e.space = engine::simt::MemorySpace::Global;
    e.op = engine::simt::MemoryOp::Store;
    e.activeMask = 0x0000ffffu;
    e.laneAddresses = &addresses;
    return e;
}

TEST(RequestSampler, KeepsBlockZeroWithLaneAddresses)
{
    std::array<std::uint64_t, 32> addresses {};
    for (std::size_t lane = 0; lane < 32; ++lane)
        addresses[lane] = 0x1000 + 4 * lane;
    engine::RequestSampler sampler;
    sampler.add(event(0, 3, addresses), 2, 2, 1, 64);
    sampler.add(event(1, 0, addresses), 2, 2, 1, 64);
    ASSERT_EQ(sampler.requests().size(), 1u);
    const auto& r = sampler.requests().front();
    EXPECT_EQ(r.warp.value, 3u);
    EXPECT_EQ(r.pc.value, 7u);
    EXPECT_EQ(r.kind, engine::RequestKind::Store);
    EXPECT_EQ(r.sectors, 2u);
    EXPECT_EQ(r.bytes, 64u);
    ASSERT_EQ(r.laneAddressIndex, 0u);
    const auto& lanes = sampler.lanes().front();
    EXPECT_EQ(lanes.activeMask, 0x0000ffffu);
    EXPECT_EQ(lanes.address[15], 0x1000u + 60u);
    EXPECT_EQ(lanes.address[16], 0u); // inactive lanes hold 0
}

TEST(RequestSampler, StopsAtItsCap)
{
    std::array<std::uint64_t, 32> addresses {};
    engine::RequestSampler sampler;
    for (std::size_t i = 0; i < engine::RequestSampler::kMaxRequests + 10; ++i)
        sampler.add(event(0, 0, addresses), 1, 1, 1, 4);
    EXPECT_EQ(sampler.requests().size(), engine::RequestSampler::kMaxRequests);
    EXPECT_EQ(sampler.lanes().size(), engine::RequestSampler::kMaxRequests);
}

TEST(RequestSampler, KeepsALaunchsRequestsWhereTheFirstOneWent)
{
    // Room for kMaxRequests is taken at the first request: the kept ones are never copied to a larger array.
    std::array<std::uint64_t, 32> addresses {};
    engine::RequestSampler sampler;
    sampler.add(event(0, 0, addresses), 1, 1, 1, 4);
    const engine::LaneAddresses* first = sampler.lanes().data();
    for (std::size_t i = 1; i < engine::RequestSampler::kMaxRequests; ++i)
        sampler.add(event(0, 0, addresses), 1, 1, 1, 4);
    EXPECT_EQ(sampler.lanes().data(), first);
    EXPECT_EQ(sampler.lanes().size(), engine::RequestSampler::kMaxRequests);
}

} // namespace

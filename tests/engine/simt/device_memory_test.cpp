#include "engine/simt/address_layout.h"
#include "engine/simt/device_memory.h"

#include "simt_test_util.h"

#include <gtest/gtest.h>

using namespace engine::simt;

TEST(DeviceMemory, AllocationsAre256ByteAlignedAndZeroed)
{
    // Programming Guide 0.8.2 §6.1.2.1: cudaMalloc aligns to at least 256 bytes.
    DeviceMemory mem;
    const auto a = mem.allocate("a", 10);
    const auto b = mem.allocate("b", 1000);
    const auto c = mem.allocate("c", 0);
    EXPECT_EQ(a % 256, 0u);
    EXPECT_EQ(b % 256, 0u);
    EXPECT_EQ(c % 256, 0u);
    EXPECT_GE(b, a + 10);
    EXPECT_GE(c, b + 1000);
    EXPECT_GE(a, kGlobalBase);
    for (auto byte : mem.bytes(b))
        EXPECT_EQ(byte, 0);
}

TEST(DeviceMemory, AdoptedBytesBecomeTheAllocationAtTheNextAlignedAddress)
{
    engine::simt::DeviceMemory mem;
    const auto a = mem.allocate("a", 10);
    const auto b = mem.adopt("b", std::vector<std::uint8_t> { 1, 2, 3 });
    const auto c = mem.allocate("c", 4);
    EXPECT_EQ(b, a + 256);
    EXPECT_EQ(c, b + 256);
    const auto bytes = mem.bytes(b);
    ASSERT_EQ(bytes.size(), 3u);
    EXPECT_EQ(bytes[2], 3);
    ASSERT_NE(mem.findByName("b"), nullptr);
    EXPECT_EQ(mem.findByName("b")->sizeBytes, 3u);
    EXPECT_FALSE(mem.read(b, 4).ok()); // its size is its bytes'
}

TEST(DeviceMemory, WriteAndReadBack)
{
    DeviceMemory mem;
    const auto a = mem.allocate("a", 16);
    const std::vector<std::uint8_t> data { 1, 2, 3, 4 };
    ASSERT_TRUE(mem.write(a + 4, data).ok());
    auto back = mem.read(a + 4, 4);
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(*back, data);
}

TEST(DeviceMemory, OutOfRangeWriteIsAnErrorNamingTheBuffer)
{
    DeviceMemory mem;
    const auto a = mem.allocate("idata", 16);
    const std::vector<std::uint8_t> data(8, 1);
    auto r = mem.write(a + 12, data);
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("idata"), std::string::npos) << r.error().message;
    EXPECT_FALSE(mem.read(a + 16, 1).ok());
}

TEST(DeviceMemory, ReleasedBytesLeaveAnEmptyAllocationBehind)
{
    DeviceMemory mem;
    const auto a = mem.allocate("a", 16);
    const auto b = mem.allocate("b", 8);
    ASSERT_TRUE(mem.write(a, std::vector<std::uint8_t> { 9, 8, 7 }).ok());
    const std::vector<std::uint8_t> released = mem.releaseBytes(a);
    ASSERT_EQ(released.size(), 16u);
    EXPECT_EQ(released[0], 9);
    EXPECT_EQ(released[2], 7);
    EXPECT_TRUE(mem.bytes(a).empty());
    EXPECT_FALSE(mem.read(a, 1).ok()); // out of bounds now, not a read of freed bytes
    EXPECT_EQ(mem.bytes(b).size(), 8u); // the others keep theirs
    EXPECT_TRUE(mem.releaseBytes(a + 4).empty()); // no allocation starts there
}

TEST(DeviceMemory, FindGivesNearestAllocationAndDistance)
{
    DeviceMemory mem;
    const auto a = mem.allocate("a", 100);
    const auto b = mem.allocate("b", 100);
    auto inside = mem.find(a + 50, 4);
    EXPECT_TRUE(inside.inside);
    EXPECT_EQ(inside.allocation->name, "a");

    auto after = mem.find(a + 104, 4); // 4 bytes after the end of a
    EXPECT_FALSE(after.inside);
    EXPECT_EQ(after.allocation->name, "a");
    EXPECT_EQ(after.distance, 4);
    EXPECT_EQ(describeLookup(after, 4).find("4 bytes after the end of allocation 'a'"), 3u);

    auto before = mem.find(b - 8, 4);
    EXPECT_EQ(before.allocation->name, "b");
    EXPECT_EQ(before.distance, -8);

    auto straddle = mem.find(a + 98, 4);
    EXPECT_FALSE(straddle.inside);
    EXPECT_TRUE(straddle.straddles);

    auto below = mem.find(16, 4);
    EXPECT_EQ(below.allocation->name, "a");
    EXPECT_LT(below.distance, 0);
}

TEST(DeviceMemory, ModuleVariablesGetTheirInitializers)
{
    const auto m = simt_testing::parse(R"(
.version 8.0
.target sm_80
.address_size 64
.const .align 4 .b8 weights[8] = {1, 2, 3, 4, 5, 6, 7, 8};
.global .align 4 .u32 counter = 7;
.visible .entry k() { ret; }
)");
    DeviceMemory mem;
    ModuleImage image = mem.loadModule(m);
    ASSERT_EQ(image.variableAddresses.size(), 2u);
    const auto* w = mem.findByName("weights");
    ASSERT_NE(w, nullptr);
    EXPECT_EQ(w->kind, AllocationKind::ConstVariable);
    EXPECT_EQ(w->bytes[7], 8);
    const auto* c = mem.findByName("counter");
    ASSERT_NE(c, nullptr);
    EXPECT_EQ(c->bytes[0], 7);
    EXPECT_EQ(c->address % 256, 0u);
}

TEST(DeviceMemory, PointerInitializersHoldTheTargetsAddress)
{
    // PTX ISA 8.5 §5.4.4: `__device__ int* p = table + 1;` becomes an address in the initializer.
    const auto m = simt_testing::parse(R"(
.version 8.0
.target sm_80
.address_size 64
.global .align 4 .u32 table[4] = {10, 11, 12, 13};
.global .align 8 .u64 p = generic(table)+4;
.visible .entry k() { ret; }
)");
    DeviceMemory mem;
    const ModuleImage image = mem.loadModule(m);
    const auto* p = mem.findByName("p");
    ASSERT_NE(p, nullptr);
    std::uint64_t value = 0;
    for (int b = 7; b >= 0; --b)
        value = (value << 8) | p->bytes[static_cast<std::size_t>(b)];
    EXPECT_EQ(value, mem.findByName("table")->address + 4);
}

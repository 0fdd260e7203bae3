// Lanes that store to one address: the lanes write in ascending order, so the highest active lane's value remains
// (programming-guide-0.8.2.txt §3.2 leaves the winner undefined; DIGEST §12.3 takes the highest lane), for a
// scalar store, a vector store and a guarded one, whether the store goes straight from the register file or not.
#include "simt_test_util.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace simt_testing;
using engine::simt::DeviceMemory;

namespace {

/// Every lane t stores t to out[0] (st.u32), the pair (t, 100 + t) to out[2..3] (st.v2.u32), t as a 64-bit
/// value to out[4..5] (st.u64), and, when t is below 7, t to out[6] (a guarded st.u32).
const char* kStoreOrderKernel = R"(.version 8.5
.target sm_80
.address_size 64
.visible .entry collide(.param .u64 out)
{
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    add.u32 %r2, %r1, 100;
    cvt.u64.u32 %rd2, %r1;
    st.global.u32 [%rd1], %r1;
    st.global.v2.u32 [%rd1+8], {%r1, %r2};
    st.global.u64 [%rd1+16], %rd2;
    setp.lt.u32 %p1, %r1, 7;
    @%p1 st.global.u32 [%rd1+24], %r1;
    ret;
}
)";

} // namespace

TEST(StoreOrder, TheHighestActiveLaneOfAWarpWritingOneAddressWins)
{
    const auto m = parse(kStoreOrderKernel);
    DeviceMemory mem;
    const std::uint64_t out = upload(mem, "out", std::vector<std::uint32_t>(8, 0xdeadbeefu));
    Shape s;
    s.block = { 32, 1, 1 };
    ASSERT_TRUE(launch(m, "collide", s, { { out } }, mem).ok());
    const auto words = download<std::uint32_t>(mem, out);
    EXPECT_EQ(words[0], 31u);
    EXPECT_EQ(words[1], 0xdeadbeefu);
    EXPECT_EQ(words[2], 31u);
    EXPECT_EQ(words[3], 131u);
    EXPECT_EQ(words[4], 31u);
    EXPECT_EQ(words[5], 0u);
    EXPECT_EQ(words[6], 6u);
    EXPECT_EQ(words[7], 0xdeadbeefu);
}

// A whole warp storing its words in a row goes straight from the register file when every lane lands inside one
// allocation (ops_memory.cpp, tryFusedStore); with one lane past the end nothing is written and the store faults
// naming that lane, as lane-by-lane resolution does.
TEST(StoreOrder, AWholeWarpStoreWithALanePastTheEndWritesNothingAndNamesIt)
{
    const auto m = parse(R"(.version 8.5
.target sm_80
.address_size 64
.visible .entry spread(.param .u64 out)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd2, %r1, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r1;
    ret;
}
)");
    for (const std::uint32_t words : { 32u, 31u }) {
        DeviceMemory mem;
        const std::uint64_t out = upload(mem, "out", std::vector<std::uint32_t>(words, 0xdeadbeefu));
        Shape s;
        s.block = { 32, 1, 1 };
        const auto r = launch(m, "spread", s, { { out } }, mem);
        const auto stored = download<std::uint32_t>(mem, out);
        if (words == 32) {
            ASSERT_TRUE(r.ok()) << r.error().toString();
            for (std::uint32_t t = 0; t < words; ++t)
                EXPECT_EQ(stored[t], t);
            continue;
        }
        ASSERT_FALSE(r.ok());
        const std::string error = r.error().toString();
        EXPECT_NE(error.find("invalid global write of size 4 bytes"), std::string::npos) << error;
        EXPECT_NE(error.find("thread (31,0,0)"), std::string::npos) << error;
        EXPECT_EQ(stored, std::vector<std::uint32_t>(words, 0xdeadbeefu));
    }
}

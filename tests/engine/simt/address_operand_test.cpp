// [reg+imm] address operands (PTX ISA 8.5 §6.4.1): the sum is formed in the register's width.
#include "simt_test_util.h"

namespace {

using namespace simt_testing;

// nvcc computes shared addresses in 32-bit registers and may let an intermediate go below the variable's
// start (Rodinia nw: temp[m - tx + 1][tx + 1] becomes [%r - 68 * tx + 4 * tx + 72]); the final address wraps
// back into the variable.
TEST(AddressOperand, ThirtyTwoBitRegisterPlusOffsetWrapsAt2To32)
{
    const auto m = parse(R"(
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<2>;
    .shared .align 4 .b8 buf[16];
    ld.param.u64 %rd0, [out];
    mov.u32 %r0, buf;
    st.shared.u32 [%r0+8], 7;
    sub.s32 %r1, %r0, 64;
    ld.shared.u32 %r2, [%r1+72];
    st.global.u32 [%rd0], %r2;
    ret;
}
)");
    engine::simt::DeviceMemory mem;
    const std::uint64_t out = mem.allocate("out", 4);
    Shape s;
    s.block = {1, 1, 1};
    const auto r = launch(m, "k", s, {{out}}, mem);
    ASSERT_TRUE(r.ok()) << r.error().toString();
    EXPECT_EQ(download<std::uint32_t>(mem, out)[0], 7u);
}

} // namespace

// Which kernels' blocks may run at the same time against write overlays and still give the serial run
// (block_independence.h): plain loads and stores do; global atomics, strong or volatile global accesses, async
// copies, device printf and the launch's clock do not.
#include "engine/simt/block_independence.h"

#include "simt_test_util.h"

#include <gtest/gtest.h>

namespace {

using engine::simt::blocksRunApart;

engine::ptx::Module kernelWith(const std::string& body)
{
    return simt_testing::parse(".version 8.0\n.target sm_80\n.address_size 64\n"
                               ".visible .entry k(.param .u64 p)\n{\n.reg .b32 %r<4>;\n.reg .b64 %rd<4>;\n"
                               "ld.param.u64 %rd1, [p];\n"
        + body + "ret;\n}\n");
}

TEST(BlockIndependence, PlainLoadsAndStoresRunApart)
{
    EXPECT_TRUE(blocksRunApart(simt_testing::corpus("offset_copy")));
    EXPECT_TRUE(blocksRunApart(simt_testing::corpus("muld")));
    EXPECT_TRUE(blocksRunApart(kernelWith("ld.global.u32 %r1, [%rd1];\nst.global.u32 [%rd1+4], %r1;\n")));
    // A volatile shared load polls only its own CTA; atomics on shared memory are the CTA's own.
    EXPECT_TRUE(blocksRunApart(kernelWith(".shared .u32 s;\nld.volatile.shared.u32 %r1, [s];\n"
                                          "atom.shared.add.u32 %r2, [s], 1;\n")));
}

TEST(BlockIndependence, WhatDependsOnTheOrderOfBlocksDoesNot)
{
    EXPECT_FALSE(blocksRunApart(simt_testing::corpus("histogram"))); // atom.global
    EXPECT_FALSE(blocksRunApart(simt_testing::corpus("device_printf")));
    EXPECT_FALSE(blocksRunApart(simt_testing::corpus("async_copy")));
    EXPECT_FALSE(blocksRunApart(kernelWith("red.global.add.u32 [%rd1], 1;\n")));
    EXPECT_FALSE(blocksRunApart(kernelWith("atom.add.u32 %r1, [%rd1], 1;\n"))); // generic: may be global
    EXPECT_FALSE(blocksRunApart(kernelWith("ld.volatile.global.u32 %r1, [%rd1];\n")));
    EXPECT_FALSE(blocksRunApart(kernelWith("ld.acquire.gpu.global.u32 %r1, [%rd1];\n")));
    EXPECT_FALSE(blocksRunApart(kernelWith("mov.u32 %r1, %clock;\nst.global.u32 [%rd1], %r1;\n")));
}

} // namespace

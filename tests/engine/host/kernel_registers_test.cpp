#include "engine/host/kernel_registers.h"
#include "tests/engine/test_paths.h"

#include <gtest/gtest.h>

namespace {

TEST(KernelRegisters, ShippedCountsComeFromPtxas)
{
    const auto kernels = testing_paths::sourceDir() / "resources/kernels";
    // ptxas -v for sm_90 (scripts/kernel_registers.sh): offsetCopy needs 10 registers per thread.
    EXPECT_EQ(engine::shippedRegisterCount(kernels / "sm_90/offset_copy.ptx", "_Z10offsetCopyPfS_i"), 10);
    // The same kernel name in two files is kept apart.
    EXPECT_TRUE(engine::shippedRegisterCount(kernels / "sm_90/matrix_aat_padded.ptx", "_Z17coalescedMultiplyPfS_i"));
    EXPECT_FALSE(engine::shippedRegisterCount(kernels / "sm_90/offset_copy.ptx", "_Z7missingv"));
    EXPECT_FALSE(engine::shippedRegisterCount("/nonexistent/k.ptx", "_Z10offsetCopyPfS_i"));
}

} // namespace

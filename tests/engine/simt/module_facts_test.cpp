// ModuleFacts: what launches of a module check and lay out, worked out once when the module is loaded. The checks it
// lets a launch skip must give the same answer as the scans they replace.
#include "engine/ptx/shared_usage.h"
#include "engine/simt/device_memory.h"
#include "engine/simt/half_support.h"
#include "engine/simt/module_facts.h"
#include "simt_test_util.h"
#include "tests/engine/device_fixtures.h"

#include <gtest/gtest.h>

using namespace engine::simt;
using namespace simt_testing;

namespace {

const engine::ComputeCapability kSm53 { 5, 3 };

} // namespace

TEST(ModuleFacts, AKernelsHighestNeedIsFoundOnceAndItsLaunchesGetTheScansOwnError)
{
    // PTX ISA §9.7.4.1: add.f16 needs sm_53; the k20x is 3.5, the h100 9.0.
    const auto m = parse(scalarKernel("mov.b16 %rs1, 0x3c00; add.f16 %rs2, %rs1, %rs1; cvt.u32.u16 %r8, %rs2;"));
    const auto k = static_cast<std::uint32_t>(m.findFunction("k"));
    DeviceMemory memory;
    const ModuleImage image = memory.loadModule(m);
    ASSERT_NE(image.facts, nullptr);
    const ModuleFacts& facts = *image.facts;
    ASSERT_EQ(facts.needs.size(), m.functions.size());
    EXPECT_EQ(facts.needs[k].half, kSm53);
    EXPECT_FALSE(facts.needs[k].matrix.has_value());
    EXPECT_FALSE(facts.needs[k].async.has_value());
    EXPECT_EQ(facts.variablesUsedBy[k], engine::ptx::moduleVariablesUsedBy(m, k));
    EXPECT_EQ(kernelStaticSharedBytes(m, k, &facts), engine::ptx::kernelStaticSharedBytes(m, k));
    EXPECT_FALSE(facts.readsReservedShared);

    const auto& k20x = testing_fixtures::builtinProfile("k20x");
    const auto scanned = checkHalfPrecisionSupport(m, k, k20x);
    ASSERT_TRUE(scanned.has_value());
    const auto checked = checkCapabilities(m, k, k20x, &facts);
    ASSERT_TRUE(checked.has_value());
    EXPECT_EQ(checked->toString(), scanned->toString());
    EXPECT_EQ(checkCapabilities(m, k, k20x, nullptr)->toString(), scanned->toString()); // no facts: the scans
    EXPECT_FALSE(checkCapabilities(m, k, testing_fixtures::builtinProfile("h100"), &facts).has_value());
}

TEST(ModuleFacts, ALaunchScansOnlyWhereTheFactsSayADeviceIsTooOld)
{
    // Facts that (wrongly) say nothing needs more than any device has: the launch trusts them and does not scan, which
    // is how a kernel of a few hundred instructions launched many times skips five scans a launch.
    const auto m = parse(scalarKernel("mov.b16 %rs1, 0x3c00; add.f16 %rs2, %rs1, %rs1; cvt.u32.u16 %r8, %rs2;"));
    const auto k = static_cast<std::uint32_t>(m.findFunction("k"));
    ModuleFacts blind;
    blind.needs.resize(m.functions.size());
    EXPECT_FALSE(checkCapabilities(m, k, testing_fixtures::builtinProfile("k20x"), &blind).has_value());
}

TEST(ModuleFacts, EachKernelsStaticSharedMemoryIsWhatItsLaunchesLayOut)
{
    // A module-scope .shared array counts for the kernel that uses it only (PTX ISA §5.1.5, shared_usage.h).
    const auto m = parse(R"(
.version 8.0
.target sm_80
.address_size 64
.shared .align 4 .b8 tile[384];
.visible .entry uses(.param .u64 out)
{
    .reg .b32 %r<4>;
    mov.u32 %r1, tile;
    ld.shared.u32 %r2, [%r1];
    ret;
}
.visible .entry ignores(.param .u64 out)
{
    ret;
}
)");
    const ModuleFacts facts = moduleFacts(m);
    const auto uses = static_cast<std::uint32_t>(m.findFunction("uses"));
    const auto ignores = static_cast<std::uint32_t>(m.findFunction("ignores"));
    EXPECT_EQ(kernelStaticSharedBytes(m, uses, &facts), 384u);
    EXPECT_EQ(kernelStaticSharedBytes(m, ignores, &facts), 0u);
    EXPECT_EQ(facts.variablesUsedBy[uses], engine::ptx::moduleVariablesUsedBy(m, uses));
    EXPECT_EQ(facts.variablesUsedBy[ignores], engine::ptx::moduleVariablesUsedBy(m, ignores));
}

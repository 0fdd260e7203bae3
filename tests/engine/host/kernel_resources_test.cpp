// Registers per thread as ptxas allocates them for the device, the recorded counts, and the estimate.
#include "engine/host/kernel_resources.h"
#include "engine/host/register_estimate.h"
#include "engine/ptx/module_loader.h"
#include "engine/ptx/parser.h"
#include "tests/engine/test_paths.h"

#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;

engine::ptx::PtxasOptions withoutPtxas()
{
    engine::ptx::PtxasOptions options;
    options.search = engine::ptx::NvccSearch {};
    options.search.fallbackDirs.clear();
    return options;
}

bool hasPtxas()
{
    return engine::ptx::findPtxas(engine::ptx::NvccSearch::fromEnvironment()).ok();
}

/// Every bundled kernel: its registers for the architecture of its folder are what ptxas -v reported there
/// (resources/kernels/sm_XX/registers.json, written by scripts/kernel_registers.sh).
TEST(KernelResources, EveryBundledKernelMatchesPtxas)
{
    const auto kernels = testing_paths::sourceDir() / "resources/kernels";
    int checked = 0;
    for (const char* folder : {"sm_75", "sm_80", "sm_90"}) {
        std::ifstream in(kernels / folder / "registers.json");
        const auto table = nlohmann::json::parse(in);
        const int arch = std::stoi(std::string(folder).substr(3));
        for (const auto& file : fs::directory_iterator(kernels / folder)) {
            if (file.path().extension() != ".ptx")
                continue;
            const auto module = engine::ptx::loadModuleFile(file.path());
            ASSERT_TRUE(module.ok()) << module.error().toString();
            const auto& expected = table.at(file.path().filename().string());
            for (const auto& [ptxasNow, options] :
                {std::pair {true, engine::ptx::PtxasOptions {}}, std::pair {false, withoutPtxas()}}) {
                if (ptxasNow && !hasPtxas())
                    continue;
                const auto resources = engine::moduleKernelResources(*module, arch, options);
                for (const auto* kernel : module->kernels()) {
                    const auto& r = resources.at(kernel->name);
                    EXPECT_EQ(r.registers, expected.at(kernel->name).get<int>()) << file.path() << ' ' << kernel->name;
                    EXPECT_EQ(r.registersSource,
                        ptxasNow ? "ptxas " + std::string(folder) : "ptxas " + std::string(folder) + " (recorded)");
                    EXPECT_EQ(r.sharedBytes.has_value(), ptxasNow);
                    ++checked;
                }
            }
        }
    }
    EXPECT_GT(checked, 100);
}

TEST(KernelResources, AnOlderDeviceIsSaidToGetTheNearestArchitecture)
{
    if (!hasPtxas())
        GTEST_SKIP() << "ptxas not installed";
    const auto module
        = engine::ptx::loadModuleFile(testing_paths::sourceDir() / "resources/kernels/sm_75/offset_copy.ptx");
    ASSERT_TRUE(module.ok());
    const auto resources = engine::moduleKernelResources(*module, 70); // V100: ptxas 13 has no sm_70
    const auto& r = resources.at("_Z10offsetCopyPfS_i");
    EXPECT_EQ(r.registersSource, "ptxas sm_75");
    EXPECT_NE(r.archNote.find("sm_70"), std::string::npos);
    EXPECT_NE(r.archNote.find("sm_75"), std::string::npos);
}

// A straight-line kernel whose live ranges are known by hand: %rd1 (2 slots) and %r1..%r3 overlap at most
// as {%rd2, %r1, %r2} = 4 slots before the add, and predicates take none.
constexpr const char* kStraightLine = R"(.version 8.5
.target sm_80
.address_size 64
.visible .entry k(.param .u64 p)
{
.reg .pred %p<2>;
.reg .b32 %r<5>;
.reg .b64 %rd<3>;
ld.param.u64 %rd1, [p];
cvta.to.global.u64 %rd2, %rd1;
ld.global.u32 %r1, [%rd2];
ld.global.u32 %r2, [%rd2+4];
setp.eq.u32 %p1, %r1, 0;
add.s32 %r3, %r1, %r2;
@%p1 mov.u32 %r3, 7;
st.global.u32 [%rd2], %r3;
ret;
}
)";

TEST(KernelResources, EstimateIsTheMostSlotsLiveAtOnce)
{
    auto module = engine::ptx::parsePtx(kStraightLine, "straight.ptx");
    ASSERT_TRUE(module.ok()) << module.error().toString();
    EXPECT_EQ(engine::estimateRegisters(module->functions[0]), 4);
    // No ptxas, no recorded count: the estimate, labelled so.
    const auto resources = engine::moduleKernelResources(*module, 90, withoutPtxas());
    EXPECT_EQ(resources.at("k").registers, 4);
    EXPECT_EQ(resources.at("k").registersSource, "estimated");
    EXPECT_FALSE(resources.at("k").sharedBytes);
}

TEST(KernelResources, EstimateFollowsLoops)
{
    // A value defined before a loop and read after it stays live across the back edge.
    auto module = engine::ptx::parsePtx(R"(.version 8.5
.target sm_80
.address_size 64
.visible .entry loop(.param .u32 n)
{
.reg .pred %p<2>;
.reg .b32 %r<6>;
ld.param.u32 %r1, [n];
mov.u32 %r2, 0;
mov.u32 %r5, 99;
$L_top:
add.s32 %r2, %r2, 1;
setp.lt.u32 %p1, %r2, %r1;
@%p1 bra $L_top;
add.s32 %r3, %r5, %r2;
st.global.u32 [0], %r3;
ret;
}
)",
        "loop.ptx");
    ASSERT_TRUE(module.ok()) << module.error().toString();
    // Inside the loop %r1, %r2 and %r5 are live together.
    EXPECT_EQ(engine::estimateRegisters(module->functions[0]), 3);
}

} // namespace

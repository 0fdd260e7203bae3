#include "../test_paths.h"
#include "engine/ptx/module_loader.h"
#include "engine/ptx/source_map.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <set>

namespace fs = std::filesystem;
using namespace engine::ptx;

namespace {

const std::vector<std::string> kArchs {"sm_75", "sm_80", "sm_90"};

fs::path kernelsDir()
{
    return testing_paths::sourceDir() / "resources" / "kernels";
}

std::vector<fs::path> cudaSources()
{
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(kernelsDir())) {
        if (e.path().extension() == ".cu")
            out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

Module load(const std::string& arch, const std::string& stem)
{
    auto m = loadModuleFile(kernelsDir() / arch / (stem + ".ptx"));
    EXPECT_TRUE(m.ok()) << (m.ok() ? "" : m.error().toString());
    return m.ok() ? std::move(m).value() : Module {};
}

const Function& kernel(const Module& m, std::string_view name)
{
    int i = m.findFunction(name);
    EXPECT_GE(i, 0) << name;
    static const Function kNone;
    return i >= 0 ? m.functions[static_cast<std::size_t>(i)] : kNone;
}

} // namespace

TEST(PtxCorpus, EveryCudaSourceHasPtxForEveryArchitecture)
{
    auto sources = cudaSources();
    ASSERT_GE(sources.size(), 17u);
    for (const auto& cu : sources) {
        for (const auto& arch : kArchs)
            EXPECT_TRUE(fs::exists(kernelsDir() / arch / (cu.stem().string() + ".ptx"))) << cu << " " << arch;
    }
}

TEST(PtxCorpus, EveryFileParsesAndDecodes)
{
    for (const auto& cu : cudaSources()) {
        for (const auto& arch : kArchs) {
            Module m = load(arch, cu.stem().string()); // load speed: bench/ptx_parse_bench.cpp
            EXPECT_EQ(m.target, arch);
            EXPECT_FALSE(m.kernels().empty()) << cu;
            for (const Function* k : m.kernels()) {
                EXPECT_FALSE(k->instructions.empty());
                EXPECT_NE(k->demangled, k->name) << "not demangled: " << k->name;
                EXPECT_EQ(k->instructions.back().opcode, Opcode::Ret);
            }
            ASSERT_GE(m.files.size(), 2u);
            EXPECT_EQ(m.files[1], cu.filename().string()); // .loc maps back to the .cu beside it
        }
    }
}

TEST(PtxCorpus, ContainsEverySeedKernel)
{
    std::set<std::string> names;
    for (const auto& cu : cudaSources()) {
        Module m = load("sm_80", cu.stem().string());
        for (const Function* k : m.kernels())
            names.insert(k->demangled);
    }
    for (const char* want : {"offsetCopy(float*, float*, int)", "strideCopy(float*, float*, int)",
             "simpleMultiply(float*, float*, float*, int)", "coalescedMultiply(float*, float*, float*, int)",
             "sharedABMultiply(float*, float*, float*, int)", "simpleMultiply(float*, float*, int)",
             "coalescedMultiply(float*, float*, int)", "Muld(float*, float*, int, int, float*)", "kernel(float*)"})
        EXPECT_TRUE(names.count(want)) << want;
}

TEST(PtxCorpus, OffsetCopyParameterLayoutAndMemoryInstructions)
{
    Module m = load("sm_80", "offset_copy");
    const Function& k = kernel(m, "offsetCopy");
    ASSERT_EQ(k.params.size(), 3u);
    EXPECT_EQ(k.variables[k.params[0]].offset, 0u);
    EXPECT_EQ(k.variables[k.params[1]].offset, 8u);
    EXPECT_EQ(k.variables[k.params[2]].offset, 16u);
    EXPECT_EQ(k.variables[k.params[2]].type, ScalarType::U32);
    EXPECT_EQ(k.paramBytes, 20u);
    auto isGlobalLoad = [](const Instruction& i) { return i.opcode == Opcode::Ld && i.space == StateSpace::Global; };
    auto ld = std::find_if(k.instructions.begin(), k.instructions.end(), isGlobalLoad);
    ASSERT_NE(ld, k.instructions.end());
    EXPECT_EQ(ld->type, ScalarType::F32);
    EXPECT_EQ(ld->operands[0].kind, OperandKind::Register);
    EXPECT_EQ(ld->operands[0].file, RegFile::B32);
    EXPECT_EQ(ld->operands[1].kind, OperandKind::Address);
    EXPECT_EQ(ld->operands[1].base, AddressBase::Register);
    EXPECT_EQ(ld->operands[1].file, RegFile::B64);
    EXPECT_GT(ld->source.line, 0u);
}

TEST(PtxCorpus, PaddingChangesTheSharedTileSize)
{
    // Best Practices Guide §9.2.2.3: transposedTile[TILE_DIM][TILE_DIM+1] adds 32 floats.
    EXPECT_EQ(kernel(load("sm_80", "matrix_aat"), "coalescedMultiply").sharedBytes, 2u * 32 * 32 * 4);
    EXPECT_EQ(kernel(load("sm_80", "matrix_aat_padded"), "coalescedMultiply").sharedBytes, 32u * 32 * 4 + 32u * 33 * 4);
    EXPECT_EQ(kernel(load("sm_80", "muld"), "Muld").sharedBytes, 2u * 16 * 16 * 4);
}

TEST(PtxCorpus, VariablesWithInitializersAndDynamicShared)
{
    Module stencil = load("sm_80", "stencil");
    ASSERT_EQ(stencil.variables.size(), 2u);
    EXPECT_EQ(stencil.variables[0].space, StateSpace::Const);
    EXPECT_EQ(stencil.variables[0].init.size(), 28u);
    EXPECT_EQ(stencil.variables[1].name, "scale");
    EXPECT_EQ(stencil.variables[1].init, (std::vector<std::uint8_t> {0x00, 0x00, 0x80, 0x3f}));

    Module dyn = load("sm_80", "dynamic_shared");
    ASSERT_EQ(dyn.variables.size(), 1u);
    EXPECT_TRUE(dyn.variables[0].isExtern);
    EXPECT_EQ(dyn.variables[0].space, StateSpace::Shared);
    EXPECT_EQ(dyn.variables[0].sizeBytes, 0u);
}

TEST(PtxCorpus, DeviceFunctionCallIsResolved)
{
    Module m = load("sm_90", "device_function");
    const Function& k = kernel(m, "applySmoothstep");
    auto call = std::find_if(
        k.instructions.begin(), k.instructions.end(), [](const Instruction& i) { return i.opcode == Opcode::Call; });
    ASSERT_NE(call, k.instructions.end());
    const CallSite& site = k.callSites[call->callSite];
    EXPECT_EQ(m.functions[site.callee].demangled, "smoothstep(float, float, float)");
    EXPECT_EQ(site.argParams.size(), 3u);
    EXPECT_EQ(site.returnParams.size(), 1u);
    EXPECT_FALSE(m.functions[site.callee].isEntry);
    EXPECT_EQ(m.functions[site.callee].returns.size(), 1u);
}

TEST(PtxCorpus, WarpShuffleAndAtomicsDecode)
{
    Module red = load("sm_80", "reduction");
    const Function& k = kernel(red, "reduceWarpShuffle");
    auto shfl = std::find_if(
        k.instructions.begin(), k.instructions.end(), [](const Instruction& i) { return i.opcode == Opcode::Shfl; });
    ASSERT_NE(shfl, k.instructions.end());
    EXPECT_EQ(shfl->mode, OpMode::Down);
    EXPECT_TRUE(shfl->has(FlagSync));
    EXPECT_TRUE(shfl->has(FlagDualDest));
    EXPECT_EQ(shfl->operandCount, 6);

    Module hist = load("sm_80", "histogram");
    const Function& h = kernel(hist, "histogramShared");
    auto atom = std::find_if(h.instructions.begin(), h.instructions.end(),
        [](const Instruction& i) { return i.opcode == Opcode::Atom && i.space == StateSpace::Shared; });
    ASSERT_NE(atom, h.instructions.end());
    EXPECT_EQ(atom->mode, OpMode::Add);
    EXPECT_EQ(atom->type, ScalarType::U32);
}

TEST(PtxCorpus, EveryBranchHasAReconvergencePoint)
{
    for (const auto& cu : cudaSources()) {
        Module m = load("sm_75", cu.stem().string());
        for (const Function& f : m.functions) {
            for (const Instruction& i : f.instructions) {
                if (i.opcode == Opcode::Bra) {
                    EXPECT_LE(i.reconvergePc, f.instructions.size()) << f.name;
                }
            }
        }
    }
}

TEST(PtxCorpus, LocLinesMapBackToTheCudaSource)
{
    fs::path ptx = kernelsDir() / "sm_80" / "offset_copy.ptx";
    Module m = load("sm_80", "offset_copy");
    auto cu = findSourceFile(m, 1, ptx);
    ASSERT_TRUE(cu.has_value());
    EXPECT_EQ(fs::canonical(*cu), fs::canonical(kernelsDir() / "offset_copy.cu"));
    // offset_copy.cu line 6 is `odata[xid] = idata[xid];`: its load and store carry that line.
    const Function& k = kernel(m, "offsetCopy");
    auto pcs = pcsForSourceLine(k, 1, 6);
    ASSERT_FALSE(pcs.empty());
    bool hasLoad = false, hasStore = false;
    for (auto pc : pcs) {
        hasLoad = hasLoad || k.instructions[pc].opcode == Opcode::Ld;
        hasStore = hasStore || k.instructions[pc].opcode == Opcode::St;
    }
    EXPECT_TRUE(hasLoad);
    EXPECT_TRUE(hasStore);
    EXPECT_FALSE(findSourceFile(m, 7, ptx).has_value());
}

TEST(PtxCorpus, LanguageFeaturesBeyondTheSamples)
{
    // tests/engine/data/ptx/language_features.cu: printf, templates, math library, half, local
    // arrays, CAS loop, cooperative groups, intrinsics, fences, launch bounds, struct params, switch,
    // recursion, assert, inline asm, warp intrinsics, a pointer initializer.
    auto m = loadModuleFile(testing_paths::testData() / "ptx" / "language_features.sm_80.ptx");
    ASSERT_TRUE(m.ok()) << m.error().toString();
    EXPECT_EQ(m->kernels().size(), 18u);
    const Function& lb = kernel(*m, "lb");
    EXPECT_EQ(lb.maxntid[0], 256u);
    EXPECT_FALSE(kernel(*m, "vprintf").hasBody);
    EXPECT_GT(kernel(*m, "localArr").localBytes, 0u);
    EXPECT_GE(kernel(*m, "void tmpl<float, 4>(float*)").instructions.size(), 5u);
    const Function& printk = kernel(*m, "printk");
    ASSERT_EQ(printk.callSites.size(), 1u); // printf is a call of the extern vprintf
    EXPECT_EQ(m->functions[printk.callSites[0].callee].name, "vprintf");
    int tptr = -1;
    for (std::size_t i = 0; i < m->variables.size(); ++i) {
        if (m->variables[i].name == "tptr")
            tptr = static_cast<int>(i);
    }
    ASSERT_GE(tptr, 0);
    EXPECT_EQ(m->variables[static_cast<std::size_t>(tptr)].addressInits.size(), 1u);
}

// ptxas's shared-load vectorization (engine/ptx/shared_load_vectorizer.h) and the alignment analysis it
// rests on (known_alignment.h), checked against the SASS ptxas 13.0 made for sm_90
// (bench/hardware/h100/sass/*.sass).
#include "engine/host/module_source.h"
#include "engine/ptx/known_alignment.h"
#include "engine/ptx/shared_load_vectorizer.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/ptx/ptx_test_util.h"
#include "tests/engine/test_paths.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

namespace {

using engine::ptx::FlagMergedLoad;
using engine::ptx::Instruction;

struct SharedLoads {
    int wide16 = 0; ///< loads that carry a 16-byte access (LDS.128), ptxas's or the PTX's own .v4
    int wide8 = 0; ///< LDS.64
    int narrow = 0; ///< 4-byte LDS
    int merged = 0; ///< folded into a wide load
};

SharedLoads countSharedLoads(const engine::ptx::Function& fn)
{
    SharedLoads n;
    for (const Instruction& ins : fn.instructions) {
        if (ins.opcode != engine::ptx::Opcode::Ld || ins.space != engine::ptx::StateSpace::Shared)
            continue;
        const auto bytes = ins.mergedBytes() != 0 ? ins.mergedBytes()
                                                  : engine::ptx::typeSizeBytes(ins.type) * ins.vectorWidth;
        if (ins.has(FlagMergedLoad))
            ++n.merged;
        else if (bytes == 16)
            ++n.wide16;
        else if (bytes == 8)
            ++n.wide8;
        else
            ++n.narrow;
    }
    return n;
}

/// Counts LDS, LDS.64 and LDS.128 in one function of a cuobjdump listing.
SharedLoads countSass(const std::string& sassFile, const std::string& mangled)
{
    std::ifstream in(testing_paths::sourceDir() / "bench/hardware/h100/sass" / sassFile);
    EXPECT_TRUE(in.good()) << sassFile;
    std::string line;
    bool inside = false;
    SharedLoads n;
    const std::regex lds(R"(\bLDS(\.(U8|S8|U16|S16|64|128))?\b)");
    while (std::getline(in, line)) {
        if (line.find("Function : ") != std::string::npos)
            inside = line.find("Function : " + mangled) != std::string::npos
                && line.size() == line.find(mangled) + mangled.size();
        std::smatch m;
        if (!inside || !std::regex_search(line, m, lds))
            continue;
        if (m[2] == "128")
            ++n.wide16;
        else if (m[2] == "64")
            ++n.wide8;
        else
            ++n.narrow;
    }
    return n;
}

const engine::ptx::Function& kernel(const engine::ptx::Module& module, const std::string& name)
{
    const int index = module.findFunction(name);
    EXPECT_GE(index, 0) << name;
    return module.functions[static_cast<std::size_t>(std::max(index, 0))];
}

engine::ptx::Module corpusModule(const std::string& cu)
{
    auto module = engine::loadScenarioModule(testing_paths::sourceDir() / "resources/kernels" / cu,
        testing_fixtures::builtinProfile("h100"));
    EXPECT_TRUE(module.ok()) << module.error().toString();
    return module.ok() ? std::move(module).value() : engine::ptx::Module {};
}

} // namespace

TEST(KnownAlignment, CarriesAlignmentThroughShiftsSumsAndProducts)
{
    const auto module = ptx_test::parseOk(".version 8.5\n.target sm_80\n.address_size 64\n"
                                          ".visible .entry k()\n{\n.reg .b32 %r<8>;\n"
                                          ".shared .align 4 .b8 tile[4096];\n.shared .align 4 .b8 odd[12];\n"
                                          "mov.u32 %r1, %tid.y;\nshl.b32 %r2, %r1, 7;\nmov.u32 %r3, tile;\n"
                                          "add.s32 %r4, %r3, %r2;\nmov.u32 %r5, odd;\nmul.lo.s32 %r6, %r1, 24;\n"
                                          "add.s32 %r7, %r4, %r6;\nret;\n}\n");
    const engine::ptx::KnownAlignment align(module.functions[0], module);
    using engine::ptx::RegFile;
    EXPECT_EQ(align.ofRegister(RegFile::B32, 1), 1u); // %tid.y: anything
    EXPECT_EQ(align.ofRegister(RegFile::B32, 2), 128u); // tid.y << 7
    EXPECT_EQ(align.ofRegister(RegFile::B32, 3), 16u); // a 4096-byte shared array sits on 16 bytes
    EXPECT_EQ(align.ofRegister(RegFile::B32, 4), 16u); // tile + 128 tid.y
    EXPECT_EQ(align.ofRegister(RegFile::B32, 5), 4u); // 12 bytes: only its declared .align
    EXPECT_EQ(align.ofRegister(RegFile::B32, 6), 8u); // tid.y × 24
    EXPECT_EQ(align.ofRegister(RegFile::B32, 7), 8u);
}

TEST(KnownAlignment, ALoopCarriedRegisterTakesItsLeastAlignedDefinition)
{
    const auto module = ptx_test::parseOk(ptx_test::kernelWithBody("mov.u32 %r1, 64;\n$L:\nadd.s32 %r1, %r1, 4;\n"
                                                                   "setp.lt.u32 %p1, %r1, 256;\n@%p1 bra $L;\nret;"));
    const engine::ptx::KnownAlignment align(module.functions[0], module);
    EXPECT_EQ(align.ofRegister(engine::ptx::RegFile::B32, 1), 4u);
}

TEST(SharedLoadVectorizer, FoldsFourNeighbouringWordsOffAnAlignedBaseIntoOneWideLoad)
{
    const auto module = ptx_test::parseOk(".version 8.5\n.target sm_80\n.address_size 64\n"
                                          ".visible .entry k()\n{\n.reg .b32 %r<8>;\n.reg .f32 %f<12>;\n"
                                          ".shared .align 4 .b8 tile[4096];\n"
                                          "mov.u32 %r1, %tid.y;\nshl.b32 %r2, %r1, 7;\nmov.u32 %r3, tile;\n"
                                          "add.s32 %r4, %r3, %r2;\nmov.u32 %r5, %tid.x;\nshl.b32 %r6, %r5, 2;\n"
                                          "ld.shared.f32 %f1, [%r4];\nld.shared.f32 %f2, [%r4+4];\n"
                                          "ld.shared.f32 %f3, [%r4+8];\nld.shared.f32 %f4, [%r4+12];\n"
                                          "ld.shared.f32 %f5, [%r4+16];\nld.shared.f32 %f6, [%r4+20];\n"
                                          "ld.shared.f32 %f7, [%r6];\nld.shared.f32 %f8, [%r6+4];\nret;\n}\n");
    const auto& fn = module.functions[0];
    const auto loads = countSharedLoads(fn);
    EXPECT_EQ(loads.wide16, 1); // [%r4 + 0..15]
    EXPECT_EQ(loads.wide8, 1); // [%r4 + 16..23]: 8-byte aligned, no third and fourth word
    EXPECT_EQ(loads.narrow, 2); // %r6 = tid.x × 4 is only 4-byte aligned
    EXPECT_EQ(loads.merged, 4);
    EXPECT_EQ(fn.instructions[6].mergedBytes(), 16u);
    EXPECT_TRUE(fn.instructions[7].has(FlagMergedLoad));
}

TEST(SharedLoadVectorizer, ABarrierOrAStoreBetweenLoadsKeepsThemApart)
{
    const std::string head = ".version 8.5\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n"
                             ".reg .b32 %r<8>;\n.reg .f32 %f<12>;\n.shared .align 16 .b8 tile[64];\n"
                             "mov.u32 %r1, tile;\nld.shared.f32 %f1, [%r1];\n";
    const std::string tail = "ld.shared.f32 %f2, [%r1+4];\nret;\n}\n";
    for (const std::string between : { "bar.sync 0;\n", "st.shared.f32 [%r1+32], %f1;\n", "add.s32 %r1, %r1, 64;\n" }) {
        const auto module = ptx_test::parseOk(head + between + tail);
        EXPECT_EQ(countSharedLoads(module.functions[0]).merged, 0) << between;
    }
    EXPECT_EQ(countSharedLoads(ptx_test::parseOk(head + "add.s32 %r2, %r1, 64;\n" + tail).functions[0]).merged, 1);
}

TEST(SharedLoadVectorizer, MatchesTheWideLoadsPtxasEmitsForTheCorpus)
{
    // Per kernel: the shared loads that carry 16, 8 and 4 bytes after vectorization, against the LDS.128,
    // LDS.64 and LDS instructions in ptxas's SASS for sm_90.
    const std::tuple<const char*, const char*, const char*> kernels[] = {
        { "matrix_ab.cu", "_Z16sharedABMultiplyPfS_S_i", "matrix_ab.sass" },
        { "matrix_ab.cu", "_Z17coalescedMultiplyPfS_S_i", "matrix_ab.sass" },
        { "matrix_aat.cu", "_Z17coalescedMultiplyPfS_i", "matrix_aat.sass" },
        { "matrix_aat_padded.cu", "_Z17coalescedMultiplyPfS_i", "matrix_aat_padded.sass" },
        { "muld.cu", "_Z4MuldPfS_iiS_", "muld.sass" },
        { "transpose.cu", "_Z15transposeSharedPfPKfii", "transpose.sass" },
        { "shared_patterns.cu", "_Z9loadQuadsP6float4i", "shared_patterns.sass" },
        { "shared_patterns.cu", "_Z9loadPairsP6float2i", "shared_patterns.sass" },
    };
    for (const auto& [cu, mangled, sass] : kernels) {
        const auto module = corpusModule(cu);
        const auto model = countSharedLoads(kernel(module, mangled));
        const auto hardware = countSass(sass, mangled);
        EXPECT_EQ(model.wide16, hardware.wide16) << mangled;
        EXPECT_EQ(model.wide8, hardware.wide8) << mangled;
        EXPECT_EQ(model.narrow, hardware.narrow) << mangled;
    }
}

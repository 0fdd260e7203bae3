#include "ptx_test_util.h"

#include <cstring>

using namespace engine::ptx;
using namespace ptx_test;

TEST(PtxDeclarations, StructParametersAreLaidOutByAlignment)
{
    // PTX ISA 8.5 §5.1.6.1: each kernel parameter at an offset aligned to its .align.
    Module m = parseOk(".version 8.5\n.target sm_80\n.address_size 64\n"
                       ".visible .entry k(.param .u32 a, .param .align 16 .b8 s[24], .param .u8 c, "
                       ".param .u64 .ptr .global .align 8 p)\n{\nret;\n}\n");
    const Function& f = m.functions.at(0);
    ASSERT_EQ(f.params.size(), 4u);
    EXPECT_EQ(f.variables[f.params[0]].offset, 0u);
    EXPECT_EQ(f.variables[f.params[1]].offset, 16u);
    EXPECT_EQ(f.variables[f.params[1]].sizeBytes, 24u);
    EXPECT_EQ(f.variables[f.params[2]].offset, 40u);
    EXPECT_EQ(f.variables[f.params[3]].offset, 48u);
    EXPECT_TRUE(f.variables[f.params[3]].isPointer);
    EXPECT_EQ(f.paramBytes, 56u);
}

TEST(PtxDeclarations, ExternFunctionDeclarationAndCall)
{
    Module m = parseOk(".version 8.5\n.target sm_80\n.address_size 64\n"
                       ".extern .func (.param .b32 r) vprintf(.param .b64 fmt, .param .b64 args);\n"
                       ".visible .entry k()\n{\n.reg .b32 %r<2>;\n{\n.param .b64 p0;\n.param .b64 p1;\n"
                       ".param .b32 rv;\ncall.uni (rv), vprintf, (p0, p1);\nld.param.b32 %r1, [rv];\n}\nret;\n}\n");
    ASSERT_EQ(m.functions.size(), 2u);
    EXPECT_FALSE(m.functions[0].hasBody);
    const Function& k = m.functions[1];
    ASSERT_EQ(k.callSites.size(), 1u);
    EXPECT_EQ(k.callSites[0].callee, 0u);
    EXPECT_EQ(k.instructions[1].operands[1].base, AddressBase::Symbol);
    EXPECT_EQ(k.instructions[1].operands[1].scope, SymbolScope::Function);
}

TEST(PtxDeclarations, CallScopesHideTheirParamsAfterTheBlock)
{
    std::string text = ".version 8.5\n.target sm_80\n"
                       ".func f(.param .b32 x)\n{\nret;\n}\n"
                       ".visible .entry k()\n{\n{\n.param .b32 param0;\ncall f, (param0);\n}\n"
                       "{\n.param .b32 param0;\ncall f, (param0);\n}\ncall f, (param0);\nret;\n}\n";
    EXPECT_EQ(parseError(text), "bad.ptx:17:10: call argument param0 is not a .param variable of this function");
}

TEST(PtxDeclarations, LocalAndSharedLayoutAndDirectives)
{
    Module m = parseOk(kernelWithBody(".local .align 8 .b8 frame[40];\n.shared .align 4 .f32 a[3];\n"
                                      ".shared .align 16 .f32 b[4];\n.pragma \"nounroll\";\nret;"));
    const Function& f = m.functions.at(0);
    EXPECT_EQ(f.localBytes, 40u);
    EXPECT_EQ(f.sharedBytes, 32u); // a at 0 (12 bytes), b aligned to 16
    EXPECT_EQ(f.variables.back().offset, 16u);
}

TEST(PtxDeclarations, RegisterNamesForListings)
{
    Module m = parseOk(kernelWithBody("mov.u32 %r5, %tid.y;\nret;"));
    const Function& f = m.functions.at(0);
    const Operand& d = f.instructions[0].operands[0];
    EXPECT_EQ(f.registers.nameOf(RegRef {d.file, d.index}), "%r5");
    EXPECT_EQ(f.instructions[0].operands[1].component, 1);
    EXPECT_EQ(f.registers.counts[static_cast<std::size_t>(RegFile::Pred)], 4u);
    EXPECT_EQ(f.registers.counts[static_cast<std::size_t>(RegFile::B32)], 16u); // %r<8> and %f<8>
}

TEST(PtxDeclarations, AddressInitializers)
{
    // nvcc's output for `__device__ int table[4] = {...}; __device__ int* tptr = table;`
    Module m = parseOk(".version 8.5\n.target sm_80\n.address_size 64\n"
                       ".global .align 4 .b8 table[16] = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0};\n"
                       ".global .align 8 .u64 tptr = generic(table);\n"
                       ".global .align 8 .u64 pair[2] = {table+4, generic(table)+8};\n");
    ASSERT_EQ(m.variables.size(), 3u);
    const Variable& tptr = m.variables[1];
    EXPECT_EQ(tptr.init, std::vector<std::uint8_t>(8, 0));
    ASSERT_EQ(tptr.addressInits.size(), 1u);
    EXPECT_TRUE(tptr.addressInits[0].generic);
    EXPECT_EQ(tptr.addressInits[0].index, 0u);
    const Variable& pair = m.variables[2];
    ASSERT_EQ(pair.addressInits.size(), 2u);
    EXPECT_EQ(pair.addressInits[0].addend, 4);
    EXPECT_FALSE(pair.addressInits[0].generic);
    EXPECT_EQ(pair.addressInits[1].byteOffset, 8u);
    EXPECT_EQ(pair.addressInits[1].addend, 8);
    EXPECT_EQ(parseError(".version 8.5\n.target sm_80\n.global .u64 p = nowhere;\n"),
        "bad.ptx:3:18: undefined name nowhere in an initializer");
    EXPECT_EQ(parseError(".version 8.5\n.target sm_80\n.global .b8 t[4];\n.global .f32 p = t;\n"),
        "bad.ptx:4:18: an address initializer needs a 32- or 64-bit integer variable");
}

TEST(PtxDeclarations, FunctionPointersAreUnsupported)
{
    std::string text = ".version 8.5\n.target sm_80\n.func (.param .b32 r) sq(.param .b32 x)\n{\nret;\n}\n"
                       ".visible .entry k()\n{\n.reg .b64 %rd<2>;\nmov.u64 %rd1, sq;\nret;\n}\n";
    EXPECT_EQ(parseError(text), "bad.ptx:10:15: unsupported: the address of function sq (function pointers)");
}

TEST(PtxDeclarations, BarrierReductions)
{
    // __syncthreads_or / __syncthreads_count (PTX ISA 8.5 §9.7.13.1 bar.red).
    Module m = parseOk(kernelWithBody("bar.red.or.pred %p2, 0, %p1;\nbar.red.popc.u32 %r1, 0, !%p1;\n"
                                      "barrier.sync 1, 64;\nret;"));
    const Function& f = m.functions.at(0);
    EXPECT_EQ(f.instructions[0].mode2, OpMode::Or);
    EXPECT_EQ(f.instructions[0].mode, OpMode::Or);
    EXPECT_EQ(f.instructions[1].mode, OpMode::Red);
    EXPECT_EQ(f.instructions[1].mode2, OpMode::Popc);
    EXPECT_EQ(f.instructions[2].mode, OpMode::Sync);
    EXPECT_EQ(f.instructions[2].operandCount, 2);
}

TEST(PtxDeclarations, ConstantAndGlobalInitializers)
{
    // nvcc's output for `__constant__ int arr[4] = {1, 2, 3, 258}; __device__ unsigned x = 5;
    // __device__ float t[3] = {1.5f, 2.5f, -2.0f}; __device__ unsigned* px = &x;` (PTX ISA 8.5 §5.4.4).
    Module m = parseOk(".version 8.5\n.target sm_80\n.address_size 64\n"
                       ".const .align 4 .b8 arr[16] = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 2, 1, 0, 0};\n"
                       ".global .align 4 .u32 x = 5;\n"
                       ".global .align 4 .f32 t[3] = {0f3FC00000, 0f40200000, 0fC0000000};\n"
                       ".global .align 8 .u64 px = generic(x);\n"
                       ".const .align 4 .b8 empty[8];\n");
    ASSERT_EQ(m.variables.size(), 5u);
    const Variable& arr = m.variables[0];
    EXPECT_EQ(arr.space, StateSpace::Const);
    EXPECT_EQ(arr.sizeBytes, 16u);
    EXPECT_EQ(arr.align, 4u);
    EXPECT_EQ(arr.init, (std::vector<std::uint8_t> {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 2, 1, 0, 0}));
    const Variable& x = m.variables[1];
    EXPECT_EQ(x.space, StateSpace::Global);
    EXPECT_EQ(x.init, (std::vector<std::uint8_t> {5, 0, 0, 0}));
    const Variable& t = m.variables[2];
    ASSERT_EQ(t.init.size(), 12u);
    float values[3];
    std::memcpy(values, t.init.data(), sizeof values);
    EXPECT_EQ(values[0], 1.5f);
    EXPECT_EQ(values[1], 2.5f);
    EXPECT_EQ(values[2], -2.0f);
    const Variable& px = m.variables[3];
    ASSERT_EQ(px.addressInits.size(), 1u);
    EXPECT_EQ(px.addressInits[0].index, 1u);
    EXPECT_TRUE(px.addressInits[0].generic);
    EXPECT_TRUE(m.variables[4].init.empty()); // zero unless initialized
}

// mma.sync, wmma, ldmatrix executed on fragments placed by the PTX ISA 8.5 formulas (§9.7.14.5.7-9), results
// against a CPU reference; the bundled GEMM kernels against a CPU GEMM; the compute-capability error.
#include "engine/simt/fragment_layout.h"
#include "engine/simt/matrix_support.h"
#include "engine/simt/matrix_values.h"
#include "engine/simt/small_float.h"
#include "simt_test_util.h"

#include <bit>
#include <cmath>
#include <functional>

using namespace engine::simt;
using namespace simt_testing;
using engine::ptx::MatrixShape;
using engine::ptx::MatrixType;

namespace {

/// A kernel whose 32 threads load `counts[i]` 32-bit registers of operand i (D, A, B, C) from param i + 1,
/// lane-major, run `instruction` on them and store D to param 0.
std::string fragmentKernel(const std::string& instruction, const std::array<int, 4>& counts)
{
    std::string text = R"(
.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 p0, .param .u64 p1, .param .u64 p2, .param .u64 p3)
{
    .reg .b32 %d<8>;
    .reg .b32 %a<8>;
    .reg .b32 %b<8>;
    .reg .b32 %c<8>;
    .reg .b32 %t;
    .reg .b64 %rd<8>;
    mov.u32 %t, %tid.x;
)";
    const char* names[] = {"d", "a", "b", "c"};
    for (int op = 1; op < 4; ++op) {
        text += "    ld.param.u64 %rd1, [p" + std::to_string(op) + "];\n";
        text += "    mul.wide.u32 %rd2, %t, " + std::to_string(4 * counts[static_cast<std::size_t>(op)]) + ";\n";
        text += "    add.s64 %rd1, %rd1, %rd2;\n";
        for (int r = 0; r < counts[static_cast<std::size_t>(op)]; ++r)
            text += "    ld.global.b32 %" + std::string(names[op]) + std::to_string(r) + ", [%rd1+"
                + std::to_string(4 * r) + "];\n";
    }
    text += "    " + instruction + ";\n";
    text += "    ld.param.u64 %rd1, [p0];\n    mul.wide.u32 %rd2, %t, " + std::to_string(4 * counts[0]) + ";\n";
    text += "    add.s64 %rd1, %rd1, %rd2;\n";
    for (int r = 0; r < counts[0]; ++r)
        text += "    st.global.b32 [%rd1+" + std::to_string(4 * r) + "], %d" + std::to_string(r) + ";\n";
    return text + "    ret;\n}\n";
}

std::string vec(const char* name, int count)
{
    std::string s = "{";
    for (int r = 0; r < count; ++r)
        s += (r ? ", %" : "%") + std::string(name) + std::to_string(r);
    return s + "}";
}

/// Lane-major registers of a matrix (row-major `values` of the role's extent) placed by fragmentElement.
std::vector<std::uint32_t> place(const FragmentSpec& spec, int registers, const std::vector<double>& values)
{
    const FragmentCoord extent = fragmentExtent(spec);
    const std::uint32_t per = elementsPerRegister(spec.type);
    std::vector<std::uint32_t> regs(static_cast<std::size_t>(32 * registers), 0);
    for (int lane = 0; lane < 32; ++lane) {
        for (std::uint32_t e = 0; e < static_cast<std::uint32_t>(registers) * per; ++e) {
            const FragmentCoord p = fragmentElement(spec, lane, static_cast<int>(e));
            auto& reg = regs[static_cast<std::size_t>(lane * registers) + e / per];
            const double v = values[static_cast<std::size_t>(p.row * extent.col + p.col)];
            std::uint32_t bits = 0;
            switch (spec.type) {
            case MatrixType::F16:
                bits = toSmallFloat(v, kHalf, engine::ptx::Rounding::Rn);
                break;
            case MatrixType::BF16:
                bits = toSmallFloat(v, kBfloat16, engine::ptx::Rounding::Rn);
                break;
            case MatrixType::TF32:
            case MatrixType::F32:
                bits = std::bit_cast<std::uint32_t>(static_cast<float>(v));
                break;
            default:
                bits = static_cast<std::uint32_t>(static_cast<std::int64_t>(v));
                break;
            }
            const std::uint32_t width = 32 / per;
            const std::uint32_t mask = width == 32 ? ~0U : (1U << width) - 1U;
            reg |= (bits & mask) << ((e % per) * width);
        }
    }
    return regs;
}

struct MmaCase {
    std::string instruction; ///< with %d/%a/%b/%c vectors filled in by run()
    MatrixShape shape;
    MatrixType d, a, b, c;
    std::array<int, 4> counts;
};

/// Runs one mma on values from `gen` and returns D as doubles (row-major) next to the reference.
std::pair<std::vector<double>, std::vector<double>> runMma(
    const MmaCase& mc, const std::function<double(int, int, int)>& gen)
{
    const engine::ptx::MatrixDims dims = engine::ptx::matrixDims(mc.shape);
    std::vector<double> a(static_cast<std::size_t>(dims.m * dims.k)), b(static_cast<std::size_t>(dims.k * dims.n)),
        c(static_cast<std::size_t>(dims.m * dims.n));
    for (std::size_t i = 0; i < a.size(); ++i)
        a[i] = gen(0, static_cast<int>(i / static_cast<std::size_t>(dims.k)),
            static_cast<int>(i % static_cast<std::size_t>(dims.k)));
    for (std::size_t i = 0; i < b.size(); ++i)
        b[i] = gen(1, static_cast<int>(i / static_cast<std::size_t>(dims.n)),
            static_cast<int>(i % static_cast<std::size_t>(dims.n)));
    for (std::size_t i = 0; i < c.size(); ++i)
        c[i] = gen(2, static_cast<int>(i / static_cast<std::size_t>(dims.n)),
            static_cast<int>(i % static_cast<std::size_t>(dims.n)));
    const FragmentSpec sa {false, mc.shape, mc.a, FragmentRole::A, true};
    const FragmentSpec sb {false, mc.shape, mc.b, FragmentRole::B, true};
    const FragmentSpec sc {false, mc.shape, mc.c, FragmentRole::C, true};
    const FragmentSpec sd {false, mc.shape, mc.d, FragmentRole::C, true};
    const std::string ins = mc.instruction + " " + vec("d", mc.counts[0]) + ", " + vec("a", mc.counts[1]) + ", "
        + vec("b", mc.counts[2]) + ", " + vec("c", mc.counts[3]);
    const auto module = parse(fragmentKernel(ins, mc.counts));
    DeviceMemory mem;
    const std::uint64_t pd = mem.allocate("d", static_cast<std::size_t>(128 * mc.counts[0]));
    const std::uint64_t pa = upload(mem, "a", place(sa, mc.counts[1], a));
    const std::uint64_t pb = upload(mem, "b", place(sb, mc.counts[2], b));
    const std::uint64_t pc = upload(mem, "c", place(sc, mc.counts[3], c));
    Shape shape;
    shape.block = {32, 1, 1};
    auto r = launch(module, "k", shape, {{pd}, {pa}, {pb}, {pc}}, mem);
    EXPECT_TRUE(static_cast<bool>(r)) << (r ? "" : r.error().toString());
    const auto regs = download<std::uint32_t>(mem, pd);
    std::vector<double> got(c.size());
    const std::uint32_t per = elementsPerRegister(mc.d);
    for (int lane = 0; lane < 32; ++lane) {
        for (std::uint32_t e = 0; e < static_cast<std::uint32_t>(mc.counts[0]) * per; ++e) {
            const FragmentCoord p = fragmentElement(sd, lane, static_cast<int>(e));
            got[static_cast<std::size_t>(p.row * dims.n + p.col)]
                = matrixElement(regs[static_cast<std::size_t>(lane * mc.counts[0]) + e / per], e % per, mc.d);
        }
    }
    std::vector<double> want(c.size());
    for (int i = 0; i < dims.m; ++i) {
        for (int j = 0; j < dims.n; ++j) {
            double s = c[static_cast<std::size_t>(i * dims.n + j)];
            for (int x = 0; x < dims.k; ++x)
                s += a[static_cast<std::size_t>(i * dims.k + x)] * b[static_cast<std::size_t>(x * dims.n + j)];
            want[static_cast<std::size_t>(i * dims.n + j)] = s;
        }
    }
    return {got, want};
}

double smallInt(int which, int row, int col)
{
    return static_cast<double>((which * 7 + row * 3 + col * 5) % 9 - 4);
}

} // namespace

TEST(MatrixOps, MmaHalfShapesMatchTheReference)
{
    const MmaCase cases[] = {
        {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", MatrixShape::M16N8K16, MatrixType::F32, MatrixType::F16,
            MatrixType::F16, MatrixType::F32, {4, 4, 2, 4}},
        {"mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32", MatrixShape::M16N8K8, MatrixType::F32, MatrixType::BF16,
            MatrixType::BF16, MatrixType::F32, {4, 2, 1, 4}},
        {"mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16", MatrixShape::M16N8K8, MatrixType::F16, MatrixType::F16,
            MatrixType::F16, MatrixType::F16, {2, 2, 1, 2}},
        {"mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", MatrixShape::M16N8K8, MatrixType::F32, MatrixType::TF32,
            MatrixType::TF32, MatrixType::F32, {4, 4, 2, 4}},
        {"mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32", MatrixShape::M16N8K4, MatrixType::F32, MatrixType::TF32,
            MatrixType::TF32, MatrixType::F32, {4, 2, 1, 4}},
    };
    for (const MmaCase& mc : cases) {
        const auto [got, want] = runMma(mc, smallInt);
        EXPECT_EQ(got, want) << mc.instruction;
    }
}

TEST(MatrixOps, IntegerMmaWrapsOrSaturates)
{
    const MmaCase wrap {"mma.sync.aligned.m8n8k16.row.col.s32.s8.u8.s32", MatrixShape::M8N8K16, MatrixType::S32,
        MatrixType::S8, MatrixType::U8, MatrixType::S32, {2, 1, 1, 2}};
    const auto [got, want]
        = runMma(wrap, [](int w, int r, int c) { return w == 1 ? (r * 16 + c) % 256 : smallInt(w, r, c) * 30; });
    EXPECT_EQ(got, want);
    // C = 2^31 - 1 plus a positive product overflows: .satfinite clamps to MAX_INT32 (§9.7.14.5.14).
    MmaCase sat {"mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32", MatrixShape::M16N8K32, MatrixType::S32,
        MatrixType::S8, MatrixType::S8, MatrixType::S32, {4, 4, 2, 4}};
    const auto ones = [](int w, int, int) { return w == 2 ? 2147483647.0 : 1.0; };
    const auto [clamped, exact] = runMma(sat, ones);
    EXPECT_EQ(clamped[0], 2147483647.0);
    EXPECT_EQ(exact[0], 2147483647.0 + 32);
    sat.instruction = "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32";
    const auto [wrapped, ignored] = runMma(sat, ones);
    EXPECT_EQ(wrapped[0], -2147483648.0 + 31); // modulo 2^32
}

TEST(MatrixOps, AccumulationRoundsOnceToTheDestination)
{
    // 2048 + 1 × 1 in an .f16 accumulator: 2049 is a tie between 2048 and 2050, nearest even gives 2048;
    // with A = 1.5 the exact 2049.5 rounds to 2050 (binary16 has a spacing of 2 there).
    const MmaCase half {"mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16", MatrixShape::M16N8K8, MatrixType::F16,
        MatrixType::F16, MatrixType::F16, MatrixType::F16, {2, 2, 1, 2}};
    const auto tie = [](int w, int r, int c) { return w == 2 ? 2048.0 : (r == 0 && c == 0 ? 1.0 : 0.0); };
    EXPECT_EQ(runMma(half, tie).first[0], 2048.0);
    const auto above
        = [](int w, int r, int c) { return w == 2 ? 2048.0 : (r == 0 && c == 0 ? (w == 0 ? 1.5 : 1.0) : 0.0); };
    EXPECT_EQ(runMma(half, above).first[0], 2050.0);
    // .tf32 operands: only the 10 upper fraction bits count (1 + 2^-11 reads as 1).
    const MmaCase tf32 {"mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32", MatrixShape::M16N8K4, MatrixType::F32,
        MatrixType::TF32, MatrixType::TF32, MatrixType::F32, {4, 2, 1, 4}};
    const auto fine
        = [](int w, int r, int c) { return w == 2 ? 0.0 : (r == 0 && c == 0 ? 1.0 + std::ldexp(1.0, -11) : 0.0); };
    EXPECT_EQ(runMma(tf32, fine).first[0], 1.0);
}

TEST(MatrixOps, BundledGemmKernelsEqualACpuGemm)
{
    for (const std::string& name : {std::string("mma_ldmatrix"), std::string("wmma_gemm")}) {
        const auto module = corpus(name);
        const int m = 32, n = 32, k = 64;
        std::vector<std::uint16_t> a(static_cast<std::size_t>(m * k)), b(static_cast<std::size_t>(n * k));
        for (std::size_t i = 0; i < a.size(); ++i)
            a[i] = toSmallFloat(static_cast<double>(static_cast<int>(i * 7 % 9) - 4), kHalf, engine::ptx::Rounding::Rn);
        for (std::size_t i = 0; i < b.size(); ++i)
            b[i] = toSmallFloat(
                static_cast<double>(static_cast<int>(i * 5 % 9) - 4) / 4, kHalf, engine::ptx::Rounding::Rn);
        const std::vector<std::string> kernels = name == "wmma_gemm"
            ? std::vector<std::string> {"_Z8wmmaGemmPK6__halfS1_Pfiii", "_Z14wmmaGemmSharedPK6__halfS1_Pfiii"}
            : std::vector<std::string> {
                "_Z15mmaLdmatrixGemmPK6__halfS1_Pfiii", "_Z20mmaLdmatrixTransGemmPK6__halfS1_Pfiii"};
        for (const std::string& kernel : kernels) {
            DeviceMemory mem;
            const std::uint64_t pa = upload(mem, "a", a);
            const std::uint64_t pb = upload(mem, "b", b);
            const std::uint64_t pc = mem.allocate("c", static_cast<std::size_t>(4 * m * n));
            const bool trans = kernel.find("Trans") != std::string::npos;
            const bool shared = kernel.find("Shared") != std::string::npos;
            Shape shape;
            shape.grid = name == "wmma_gemm"
                ? (shared ? std::array<std::uint32_t, 3> {1, 1, 1} : std::array<std::uint32_t, 3> {2, 2, 1})
                : std::array<std::uint32_t, 3> {4, 2, 1};
            shape.block = {shared ? 128U : 32U, 1, 1};
            auto r = launch(module, kernel, shape, {{pa}, {pb}, {pc}, {32}, {32}, {64}}, mem);
            ASSERT_TRUE(static_cast<bool>(r)) << r.error().toString();
            const auto c = download<float>(mem, pc);
            int wrong = 0;
            for (int i = 0; i < m; ++i) {
                for (int j = 0; j < n; ++j) {
                    double s = 0;
                    for (int x = 0; x < k; ++x) {
                        const std::uint16_t bij
                            = trans ? b[static_cast<std::size_t>(x * n + j)] : b[static_cast<std::size_t>(j * k + x)];
                        s += fromSmallFloat(a[static_cast<std::size_t>(i * k + x)], kHalf) * fromSmallFloat(bij, kHalf);
                    }
                    wrong += c[static_cast<std::size_t>(i * n + j)] != static_cast<float>(s);
                }
            }
            EXPECT_EQ(wrong, 0) << kernel;
        }
    }
}

TEST(MatrixOps, DevicesWithoutTheFormAreRefusedByName)
{
    const auto module = corpus("mma_ldmatrix");
    const int kernel = module.findFunction("_Z15mmaLdmatrixGemmPK6__halfS1_Pfiii");
    ASSERT_GE(kernel, 0);
    const auto v100
        = checkMatrixSupport(module, static_cast<std::uint32_t>(kernel), testing_fixtures::builtinProfile("v100"));
    ASSERT_TRUE(v100.has_value());
    EXPECT_NE(v100->message.find("needs compute capability 7.5"), std::string::npos) << v100->message;
    EXPECT_NE(v100->message.find("(v100) has 7.0"), std::string::npos) << v100->message;
    const auto k20
        = checkMatrixSupport(module, static_cast<std::uint32_t>(kernel), testing_fixtures::builtinProfile("k20x"));
    ASSERT_TRUE(k20.has_value());
    EXPECT_NE(k20->message.find("no tensor cores"), std::string::npos);
    EXPECT_FALSE(
        checkMatrixSupport(module, static_cast<std::uint32_t>(kernel), testing_fixtures::builtinProfile("a100")));
}

TEST(MatrixOps, BadFormsAreParseErrors)
{
    const auto bad = [](const std::string& ins, const std::string& decl) {
        const std::string text = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n" + decl + "\n"
            + ins + ";\n ret;\n}\n";
        // A kernel with an unsupported form still loads, refused with the reason (per-kernel refusal).
        auto r = engine::ptx::parsePtx(text, "bad.ptx");
        if (!r)
            return r.error().toString();
        const auto refusal = r->refusal(0);
        return refusal ? refusal->toString() : std::string();
    };
    const std::string regs = ".reg .b32 %r<20>;\n.reg .f32 %f<20>;\n.reg .b64 %rd<4>;";
    EXPECT_NE(bad("mma.sync.aligned.m16n8k16.row.row.f32.f16.f16.f32 {%f0,%f1,%f2,%f3}, {%r0,%r1,%r2,%r3}, "
                  "{%r4,%r5}, {%f4,%f5,%f6,%f7}",
                  regs)
                  .find("only .row.col"),
        std::string::npos);
    EXPECT_NE(bad("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f0,%f1,%f2,%f3}, {%r0,%r1,%r2}, {%r4,%r5}, "
                  "{%f4,%f5,%f6,%f7}",
                  regs)
                  .find("must be 4 32-bit registers"),
        std::string::npos);
    EXPECT_NE(
        bad("ldmatrix.sync.aligned.m8n8.x3.shared.b16 {%r0,%r1,%r2}, [%rd0]", regs).find("x3"), std::string::npos);
    EXPECT_NE(bad("wmma.load.a.sync.aligned.row.m16n16k8.global.f16 {%r0,%r1,%r2,%r3,%r4,%r5,%r6,%r7}, [%rd0]", regs)
                  .find("wmma shape and types"),
        std::string::npos);
    EXPECT_EQ(bad("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r0,%r1,%r2,%r3}, [%rd0]", regs), "");
}

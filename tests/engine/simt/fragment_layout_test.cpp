// Fragment layouts checked against entries of the PTX ISA 8.5 tables (§9.7.14.5.7-9 "Matrix Fragments for
// mma.m16n8k8 / m16n8k16 / m16n8k32", §9.7.14.5.15 ldmatrix), and that every fragment covers its matrix.
#include "engine/ptx/module_loader.h"
#include "engine/simt/fragment_layout.h"
#include "engine/simt/fragment_text.h"
#include "tests/engine/test_paths.h"

#include <gtest/gtest.h>
#include <set>
#include <utility>

using namespace engine::simt;
using engine::ptx::MatrixShape;
using engine::ptx::MatrixType;

namespace {

FragmentCoord at(MatrixShape shape, MatrixType type, FragmentRole role, int lane, int e)
{
    return fragmentElement(FragmentSpec {false, shape, type, role, true}, lane, e);
}

void expectAt(FragmentCoord c, int row, int col)
{
    EXPECT_EQ(c.row, row);
    EXPECT_EQ(c.col, col);
}

} // namespace

TEST(FragmentLayout, Mma16816HalfFromTheIsaFormulas)
{
    // A: row = groupID (+8 for a2,a3,a6,a7), col = 2 × threadID_in_group + (i & 1) (+8 for i >= 4).
    expectAt(at(MatrixShape::M16N8K16, MatrixType::F16, FragmentRole::A, 0, 0), 0, 0);
    expectAt(at(MatrixShape::M16N8K16, MatrixType::F16, FragmentRole::A, 0, 2), 8, 0);
    expectAt(at(MatrixShape::M16N8K16, MatrixType::F16, FragmentRole::A, 0, 4), 0, 8);
    expectAt(at(MatrixShape::M16N8K16, MatrixType::F16, FragmentRole::A, 5, 7), 9, 11); // groupID 1, thread 1
    // B: row = 2 × threadID_in_group + (i & 1) (+8 for b2, b3), col = groupID.
    expectAt(at(MatrixShape::M16N8K16, MatrixType::F16, FragmentRole::B, 13, 3), 11, 3);
    // C/D: row = groupID (+8 for c2, c3), col = 2 × threadID_in_group + (i & 1).
    expectAt(at(MatrixShape::M16N8K16, MatrixType::F32, FragmentRole::C, 30, 3), 15, 5);
}

TEST(FragmentLayout, TfThirtyTwoAndIntegerShapes)
{
    // m16n8k8 .tf32 A: row groupID (+8 for a1, a3), col threadID_in_group (+4 for a2, a3).
    expectAt(at(MatrixShape::M16N8K8, MatrixType::TF32, FragmentRole::A, 6, 1), 9, 2);
    expectAt(at(MatrixShape::M16N8K8, MatrixType::TF32, FragmentRole::A, 6, 2), 1, 6);
    // m16n8k4 .tf32 A: a1 is groupID + 8; B: row threadID_in_group, col groupID.
    expectAt(at(MatrixShape::M16N8K4, MatrixType::TF32, FragmentRole::A, 7, 1), 9, 3);
    expectAt(at(MatrixShape::M16N8K4, MatrixType::TF32, FragmentRole::B, 7, 0), 3, 1);
    // m16n8k32 .s8 A: col 4 × threadID_in_group + (i & 3) (+16 for i >= 8), row +8 for 4 <= i < 8, 12 <= i.
    expectAt(at(MatrixShape::M16N8K32, MatrixType::S8, FragmentRole::A, 31, 15), 15, 31);
    expectAt(at(MatrixShape::M16N8K32, MatrixType::S8, FragmentRole::B, 2, 5), 25, 0);
    // m8n8k16: A row groupID, col 4 × threadID_in_group + i; C two .s32 in row groupID.
    expectAt(at(MatrixShape::M8N8K16, MatrixType::U8, FragmentRole::A, 11, 3), 2, 15);
    expectAt(at(MatrixShape::M8N8K16, MatrixType::S32, FragmentRole::C, 11, 1), 2, 7);
}

TEST(FragmentLayout, LdmatrixRowsAndTranspose)
{
    // §9.7.14.5.15: lane L holds row L / 4, columns 2 × (L % 4) and + 1; .trans swaps row and column.
    expectAt(ldmatrixElement(9, 1, false), 2, 3);
    expectAt(ldmatrixElement(9, 1, true), 3, 2);
    expectAt(ldmatrixElement(31, 0, false), 7, 6);
}

TEST(FragmentLayout, EveryMmaFragmentCoversItsMatrixOnce)
{
    struct Case {
        MatrixShape shape;
        MatrixType type;
        FragmentRole role;
        int perLane;
    };
    const Case cases[] = {
        {MatrixShape::M16N8K8, MatrixType::F16, FragmentRole::A, 4},
        {MatrixShape::M16N8K8, MatrixType::F16, FragmentRole::B, 2},
        {MatrixShape::M16N8K8, MatrixType::TF32, FragmentRole::A, 4},
        {MatrixShape::M16N8K8, MatrixType::TF32, FragmentRole::B, 2},
        {MatrixShape::M16N8K16, MatrixType::F16, FragmentRole::A, 8},
        {MatrixShape::M16N8K16, MatrixType::F16, FragmentRole::B, 4},
        {MatrixShape::M16N8K16, MatrixType::S8, FragmentRole::A, 8},
        {MatrixShape::M16N8K16, MatrixType::S8, FragmentRole::B, 4},
        {MatrixShape::M16N8K16, MatrixType::F32, FragmentRole::C, 4},
        {MatrixShape::M16N8K4, MatrixType::TF32, FragmentRole::A, 2},
        {MatrixShape::M16N8K4, MatrixType::TF32, FragmentRole::B, 1},
        {MatrixShape::M8N8K16, MatrixType::S8, FragmentRole::A, 4},
        {MatrixShape::M8N8K16, MatrixType::S8, FragmentRole::B, 4},
        {MatrixShape::M8N8K16, MatrixType::S32, FragmentRole::C, 2},
        {MatrixShape::M16N8K32, MatrixType::S8, FragmentRole::A, 16},
        {MatrixShape::M16N8K32, MatrixType::S8, FragmentRole::B, 8},
    };
    for (const Case& c : cases) {
        const FragmentSpec spec {false, c.shape, c.type, c.role, true};
        const FragmentCoord extent = fragmentExtent(spec);
        std::set<std::pair<int, int>> seen;
        for (int lane = 0; lane < 32; ++lane) {
            for (int e = 0; e < c.perLane; ++e) {
                const FragmentCoord p = fragmentElement(spec, lane, e);
                ASSERT_TRUE(p.row >= 0 && p.row < extent.row && p.col >= 0 && p.col < extent.col);
                seen.insert({p.row, p.col});
            }
        }
        EXPECT_EQ(seen.size(), static_cast<std::size_t>(extent.row * extent.col))
            << engine::ptx::matrixShapeName(c.shape) << " role " << static_cast<int>(c.role);
    }
}

TEST(FragmentLayout, WmmaRegistersHoldElementsAdjacentInMemory)
{
    // warpscope's wmma layout (fragment_layout.h): register r of lane L holds elements (32 r + L) × 2 + j of
    // the row-major 16×16 A, modulo 256: lane 3's register 0 is A[0][6..7], register 4 repeats register 0.
    const FragmentSpec rowA {true, MatrixShape::M16N16K16, MatrixType::F16, FragmentRole::A, true};
    expectAt(fragmentElement(rowA, 3, 0), 0, 6);
    expectAt(fragmentElement(rowA, 3, 1), 0, 7);
    expectAt(fragmentElement(rowA, 3, 8), 0, 6);
    // Column-major B (16×16, K × N): elements follow the columns; lane 9's register 1 starts at linear
    // index (32 + 9) × 2 = 82, which is row 82 % 16 = 2 of column 82 / 16 = 5.
    const FragmentSpec colB {true, MatrixShape::M16N16K16, MatrixType::F16, FragmentRole::B, false};
    expectAt(fragmentElement(colB, 9, 2), 2, 5);
    expectAt(fragmentElement(colB, 9, 3), 3, 5);
}

TEST(FragmentLayout, HoverTextNamesTheElementsALaneHolds)
{
    // mma_ldmatrix.cu at sm_80: the A fragment of m16n8k16. Lane 13 (groupID 3, threadID_in_group 1) holds
    // a2, a3 in its second register: row 3 + 8 = 11, columns 2 and 3 (PTX ISA 8.5 §9.7.14.5.8).
    const auto path = testing_paths::sourceDir() / "resources/kernels/sm_80/mma_ldmatrix.ptx";
    auto module = engine::ptx::loadModuleFile(path);
    ASSERT_TRUE(module.ok()) << module.error().toString();
    const auto& fn
        = module->functions[static_cast<std::size_t>(module->findFunction("_Z15mmaLdmatrixGemmPK6__halfS1_Pfiii"))];
    const engine::ptx::Instruction* mma = nullptr;
    for (const auto& ins : fn.instructions)
        mma = ins.opcode == engine::ptx::Opcode::Mma ? &ins : mma;
    ASSERT_NE(mma, nullptr);
    const engine::ptx::RegRef a1 = fn.vectorRegs[mma->operands[1].index + 1];
    // The register is first named by the ldmatrix.x4 that loads it: matrix 1, rows 8-15 of K 0-7 of A.
    const auto texts = engine::simt::fragmentElementTexts(fn, a1);
    ASSERT_EQ(texts.size(), 32u);
    EXPECT_EQ(texts[13], "matrix 1 [3][2..3]");
    const engine::ptx::RegRef d0 = fn.vectorRegs[mma->operands[0].index];
    EXPECT_EQ(engine::simt::fragmentElementTexts(fn, d0)[13], "D[3][2]");
}

#pragma once

#include <cstdint>
#include <string_view>
#include <type_traits>

namespace engine::ptx {

/// PTX ISA 8.5 §9.7.14 "Warp Level Matrix Multiply-Accumulate Instructions": the shapes wmma (§9.7.14.4),
/// mma (§9.7.14.5) and ldmatrix/stmatrix (§9.7.14.5.15/16) take that warpscope executes.
enum class MatrixShape : std::uint8_t {
    None,
    M16N16K16, ///< wmma f16/bf16/s8/u8
    M32N8K16, ///< wmma f16/bf16/s8/u8
    M8N32K16, ///< wmma f16/bf16/s8/u8
    M16N16K8, ///< wmma tf32
    M16N8K8, ///< mma f16/bf16/tf32
    M16N8K16, ///< mma f16/bf16/s8/u8
    M16N8K4, ///< mma tf32
    M8N8K16, ///< mma s8/u8
    M16N8K32, ///< mma s8/u8
    M8N8, ///< ldmatrix/stmatrix: 8x8 matrices of 16-bit elements
};

/// Which part of the operation: wmma.load.a/.b/.c, wmma.store.d, or the multiply-accumulate itself.
enum class MatrixOp : std::uint8_t { None, LoadA, LoadB, LoadC, StoreD, Mma };

/// Element types of matrix operands (§9.7.14.1 "Matrix Data-types"): .tf32 is only a matrix operand type.
enum class MatrixType : std::uint8_t { None, F16, BF16, TF32, F32, S8, U8, S32, B16 };

/// A matrix instruction's form, packed into four bytes (it shares Instruction::callSite's slot).
/// types[] hold the type suffixes in the order written: one for wmma.load/store (the element type), two for
/// wmma.mma .dtype.ctype (A and B are then .f16), four for .dtype.atype.btype.ctype.
struct MatrixDesc {
    MatrixShape shape : 4;
    MatrixOp op : 3;
    std::uint8_t satfinite : 1; ///< .satfinite (integer mma: clamp to the s32 range)
    std::uint8_t rowA : 1; ///< .row for A (or the only layout of wmma.load/store); .col when clear
    std::uint8_t rowB : 1; ///< .row for B
    std::uint8_t trans : 1; ///< ldmatrix/stmatrix .trans
    std::uint8_t matrixCode : 2; ///< ldmatrix/stmatrix .x1/.x2/.x4 as 1/2/3; 0 when none was given
    std::uint8_t layouts : 2; ///< how many .row/.col suffixes were seen
    std::uint8_t types01; ///< types[0] low nibble, types[1] high nibble (MatrixType::None = 0: absent)
    std::uint8_t types23;

    /// ldmatrix/stmatrix: how many 8x8 matrices (1, 2, 4; 0 when no .x suffix was given).
    std::uint32_t matrices() const { return matrixCode == 0 ? 0U : 1U << (matrixCode - 1U); }
    int typeCount() const
    {
        int n = 0;
        while (n < 4 && typeAt(n) != MatrixType::None)
            ++n;
        return n;
    }
    MatrixType typeAt(int i) const
    {
        const std::uint8_t b = i < 2 ? types01 : types23;
        return static_cast<MatrixType>((i % 2 == 0) ? (b & 0xfU) : (b >> 4));
    }
    /// The element type of each operand (D, A, B, C), following the order rules above.
    MatrixType dType() const { return typeAt(0); }
    MatrixType aType() const { return pick(1, MatrixType::F16, 0); }
    MatrixType bType() const { return pick(2, MatrixType::F16, 0); }
    MatrixType cType() const { return pick(3, typeAt(1), 0); }

private:
    MatrixType pick(int ofFour, MatrixType ofTwo, int ofOne) const
    {
        const int n = typeCount();
        return n == 4 ? typeAt(ofFour) : n == 2 ? ofTwo : typeAt(ofOne);
    }
};
static_assert(sizeof(MatrixDesc) == 4 && std::is_trivially_copyable_v<MatrixDesc>);

/// M, N and K of a shape (8, 8, 0 for M8N8).
struct MatrixDims {
    int m = 0;
    int n = 0;
    int k = 0;
};
MatrixDims matrixDims(MatrixShape shape);

std::string_view matrixShapeName(MatrixShape shape); ///< "m16n8k16"
std::string_view matrixTypeName(MatrixType type); ///< "f16"
std::uint32_t matrixTypeBits(MatrixType type); ///< 16 for f16, 32 for tf32 (stored in a 32-bit register)

struct Instruction;

/// The 32-bit registers the vector operand in `slot` of a matrix instruction holds (PTX ISA 8.5 §9.7.14.4.1
/// wmma fragments, §9.7.14.5.x mma fragments, §9.7.14.5.15 ldmatrix: one per matrix), 0 for an address or
/// stride slot. A fragment of E elements of b bits per lane spreads E × b / 32 registers; wmma's .f16 A and B
/// fragments are eight .f16x2 registers in every shape.
std::uint32_t matrixOperandRegisters(const Instruction& ins, int slot);

/// Applies a suffix of wmma/mma/ldmatrix/stmatrix that only these take (shape, fragment, layout, .trans,
/// .x1/.x2/.x4, .satfinite, and every type suffix, .tf32 included); false for any other suffix, which then
/// goes through applyModifier (.sync, .aligned, state spaces).
bool applyMatrixModifier(Instruction& ins, std::string_view modifier);

/// Checks a parsed matrix instruction's combination of suffixes (PTX ISA 8.5 §9.7.14.4.1-3, §9.7.14.5.14-16);
/// returns the reason it is not a form warpscope executes, or an empty view when it is one.
std::string_view matrixFormProblem(const Instruction& ins);

} // namespace engine::ptx

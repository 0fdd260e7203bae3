#include "engine/ptx/instruction.h"
#include "engine/ptx/matrix_desc.h"

#include <array>

namespace engine::ptx {

namespace {

struct ShapeRow {
    std::string_view name;
    MatrixShape shape;
    MatrixDims dims;
};

constexpr std::array kShapes = {
    ShapeRow {"m16n16k16", MatrixShape::M16N16K16, {16, 16, 16}},
    ShapeRow {"m32n8k16", MatrixShape::M32N8K16, {32, 8, 16}},
    ShapeRow {"m8n32k16", MatrixShape::M8N32K16, {8, 32, 16}},
    ShapeRow {"m16n16k8", MatrixShape::M16N16K8, {16, 16, 8}},
    ShapeRow {"m16n8k8", MatrixShape::M16N8K8, {16, 8, 8}},
    ShapeRow {"m16n8k16", MatrixShape::M16N8K16, {16, 8, 16}},
    ShapeRow {"m16n8k4", MatrixShape::M16N8K4, {16, 8, 4}},
    ShapeRow {"m8n8k16", MatrixShape::M8N8K16, {8, 8, 16}},
    ShapeRow {"m16n8k32", MatrixShape::M16N8K32, {16, 8, 32}},
    ShapeRow {"m8n8", MatrixShape::M8N8, {8, 8, 0}},
};

struct TypeRow {
    std::string_view name;
    MatrixType type;
    std::uint32_t bits;
};

constexpr std::array kTypes = {
    TypeRow {"f16", MatrixType::F16, 16},
    TypeRow {"bf16", MatrixType::BF16, 16},
    TypeRow {"tf32", MatrixType::TF32, 32},
    TypeRow {"f32", MatrixType::F32, 32},
    TypeRow {"s8", MatrixType::S8, 8},
    TypeRow {"u8", MatrixType::U8, 8},
    TypeRow {"s32", MatrixType::S32, 32},
    TypeRow {"b16", MatrixType::B16, 16},
};

bool isMatrixOpcode(Opcode op)
{
    return op == Opcode::Wmma || op == Opcode::Mma || op == Opcode::Ldmatrix || op == Opcode::Stmatrix;
}

bool pushType(MatrixDesc& d, MatrixType type)
{
    const int count = d.typeCount();
    if (count == 4)
        return false;
    const auto nibble = static_cast<std::uint8_t>(type);
    std::uint8_t& byte = count < 2 ? d.types01 : d.types23;
    byte = static_cast<std::uint8_t>(count % 2 == 0 ? (byte & 0xf0U) | nibble : (byte & 0x0fU) | (nibble << 4));
    return true;
}

// §9.7.14.4 wmma.load.{a,b,c} / wmma.store.d / wmma.mma: the fragment and operation words.
bool applyWmmaWord(MatrixDesc& d, std::string_view m)
{
    if (m == "load")
        d.op = MatrixOp::LoadA;
    else if (m == "store")
        d.op = MatrixOp::StoreD;
    else if (m == "mma")
        d.op = MatrixOp::Mma;
    else if (m == "a" && d.op == MatrixOp::LoadA)
        d.op = MatrixOp::LoadA;
    else if (m == "b" && d.op == MatrixOp::LoadA)
        d.op = MatrixOp::LoadB;
    else if (m == "c" && d.op == MatrixOp::LoadA)
        d.op = MatrixOp::LoadC;
    else if (m == "d" && d.op == MatrixOp::StoreD)
        d.op = MatrixOp::StoreD;
    else
        return false;
    return true;
}

bool oneOf(MatrixType t, std::initializer_list<MatrixType> set)
{
    for (MatrixType s : set) {
        if (s == t)
            return true;
    }
    return false;
}

bool isInt8(MatrixType t)
{
    return t == MatrixType::S8 || t == MatrixType::U8;
}
bool isHalfAcc(MatrixType t)
{
    return t == MatrixType::F16 || t == MatrixType::F32;
}

/// §9.7.14.5.14 mma: the .dtype.atype.btype.ctype combinations of the shapes warpscope executes.
bool mmaTypesValid(const MatrixDesc& d)
{
    const MatrixType a = d.aType();
    const bool half = a == MatrixType::F16 && d.bType() == a && isHalfAcc(d.dType()) && isHalfAcc(d.cType());
    const bool bf16
        = a == MatrixType::BF16 && d.bType() == a && d.dType() == MatrixType::F32 && d.cType() == MatrixType::F32;
    const bool tf32
        = a == MatrixType::TF32 && d.bType() == a && d.dType() == MatrixType::F32 && d.cType() == MatrixType::F32;
    const bool int8 = isInt8(a) && isInt8(d.bType()) && d.dType() == MatrixType::S32 && d.cType() == MatrixType::S32;
    switch (d.shape) {
    case MatrixShape::M16N8K8:
        return half || bf16 || tf32;
    case MatrixShape::M16N8K16:
        return half || bf16 || int8;
    case MatrixShape::M16N8K4:
        return tf32;
    case MatrixShape::M8N8K16:
    case MatrixShape::M16N8K32:
        return int8;
    default:
        return false;
    }
}

/// §9.7.14.4.1-3 wmma: element types per fragment and shape (.tf32 only with m16n16k8).
bool wmmaTypesValid(const MatrixDesc& d)
{
    const bool tf32Shape = d.shape == MatrixShape::M16N16K8;
    const MatrixType t = d.typeAt(0);
    switch (d.op) {
    case MatrixOp::LoadA:
    case MatrixOp::LoadB:
        return d.typeCount() == 1
            && (tf32Shape ? t == MatrixType::TF32
                          : oneOf(t, {MatrixType::F16, MatrixType::BF16, MatrixType::S8, MatrixType::U8}));
    case MatrixOp::LoadC:
    case MatrixOp::StoreD:
        return d.typeCount() == 1
            && (tf32Shape ? t == MatrixType::F32 : oneOf(t, {MatrixType::F16, MatrixType::F32, MatrixType::S32}));
    case MatrixOp::Mma:
        if (d.typeCount() == 2)
            return !tf32Shape && isHalfAcc(d.dType()) && isHalfAcc(d.cType());
        if (d.typeCount() != 4)
            return false;
        if (tf32Shape)
            return d.aType() == MatrixType::TF32 && d.bType() == MatrixType::TF32 && d.dType() == MatrixType::F32
                && d.cType() == MatrixType::F32;
        return (d.aType() == MatrixType::BF16 && d.bType() == MatrixType::BF16 && d.dType() == MatrixType::F32
                   && d.cType() == MatrixType::F32)
            || (isInt8(d.aType()) && d.bType() == d.aType() && d.dType() == MatrixType::S32
                && d.cType() == MatrixType::S32);
    default:
        return false;
    }
}

std::string_view wmmaProblem(const MatrixDesc& d)
{
    if (d.op == MatrixOp::None)
        return "wmma needs .load.a/.load.b/.load.c, .store.d or .mma";
    if (d.shape != MatrixShape::M16N16K16 && d.shape != MatrixShape::M32N8K16 && d.shape != MatrixShape::M8N32K16
        && d.shape != MatrixShape::M16N16K8)
        return "wmma takes the shapes .m16n16k16, .m32n8k16, .m8n32k16 and .m16n16k8";
    if (d.layouts != (d.op == MatrixOp::Mma ? 2 : 1))
        return d.op == MatrixOp::Mma ? "wmma.mma needs two layouts (.row/.col for A and B)"
                                     : "wmma.load/store needs one layout (.row or .col)";
    return wmmaTypesValid(d) ? std::string_view {} : "this combination of wmma shape and types";
}

std::string_view mmaProblem(const MatrixDesc& d)
{
    if (d.layouts != 2 || !d.rowA || d.rowB)
        return "mma of this shape takes only .row.col layouts";
    if (d.typeCount() != 4 || !mmaTypesValid(d))
        return "this combination of mma shape and types";
    if (d.satfinite && d.dType() != MatrixType::S32)
        return ".satfinite applies to integer mma only";
    return {};
}

} // namespace

MatrixDims matrixDims(MatrixShape shape)
{
    for (const ShapeRow& row : kShapes) {
        if (row.shape == shape)
            return row.dims;
    }
    return {};
}

std::string_view matrixShapeName(MatrixShape shape)
{
    for (const ShapeRow& row : kShapes) {
        if (row.shape == shape)
            return row.name;
    }
    return "?";
}

std::string_view matrixTypeName(MatrixType type)
{
    for (const TypeRow& row : kTypes) {
        if (row.type == type)
            return row.name;
    }
    return "?";
}

std::uint32_t matrixTypeBits(MatrixType type)
{
    for (const TypeRow& row : kTypes) {
        if (row.type == type)
            return row.bits;
    }
    return 0;
}

namespace {

/// Registers of a fragment of `elements` values of `type` spread over 32 lanes.
std::uint32_t fragmentRegisters(std::uint32_t elements, MatrixType type)
{
    const std::uint32_t bits = elements / 32 * matrixTypeBits(type);
    return bits < 32 ? 1 : bits / 32;
}

std::uint32_t operandRegisters(const MatrixDesc& d, MatrixOp part, bool wmma)
{
    const MatrixDims s = matrixDims(d.shape);
    const auto m = static_cast<std::uint32_t>(s.m);
    const auto n = static_cast<std::uint32_t>(s.n);
    const auto k = static_cast<std::uint32_t>(s.k);
    switch (part) {
    case MatrixOp::LoadA:
        return wmma && d.aType() == MatrixType::F16 ? 8 : fragmentRegisters(m * k, d.aType());
    case MatrixOp::LoadB:
        return wmma && d.bType() == MatrixType::F16 ? 8 : fragmentRegisters(k * n, d.bType());
    case MatrixOp::LoadC:
        return fragmentRegisters(m * n, d.cType());
    default:
        return fragmentRegisters(m * n, d.dType());
    }
}

} // namespace

std::uint32_t matrixOperandRegisters(const Instruction& ins, int slot)
{
    const MatrixDesc& d = ins.matrix;
    switch (ins.opcode) {
    case Opcode::Ldmatrix:
        return slot == 0 ? d.matrices() : 0;
    case Opcode::Stmatrix:
        return slot == 1 ? d.matrices() : 0;
    case Opcode::Mma: {
        constexpr std::array parts = {MatrixOp::StoreD, MatrixOp::LoadA, MatrixOp::LoadB, MatrixOp::LoadC};
        return slot >= 0 && slot < 4 ? operandRegisters(d, parts[static_cast<std::size_t>(slot)], false) : 0;
    }
    case Opcode::Wmma:
        if (d.op == MatrixOp::Mma) {
            constexpr std::array parts = {MatrixOp::StoreD, MatrixOp::LoadA, MatrixOp::LoadB, MatrixOp::LoadC};
            return slot >= 0 && slot < 4 ? operandRegisters(d, parts[static_cast<std::size_t>(slot)], true) : 0;
        }
        if (d.op == MatrixOp::StoreD)
            return slot == 1 ? operandRegisters(d, MatrixOp::StoreD, true) : 0;
        return slot == 0 ? operandRegisters(d, d.op, true) : 0;
    default:
        return 0;
    }
}

bool applyMatrixModifier(Instruction& ins, std::string_view m)
{
    if (!isMatrixOpcode(ins.opcode))
        return false;
    MatrixDesc& d = ins.matrix;
    if (ins.opcode == Opcode::Mma)
        d.op = MatrixOp::Mma;
    for (const ShapeRow& row : kShapes) {
        if (row.name == m) {
            d.shape = row.shape;
            return true;
        }
    }
    for (const TypeRow& row : kTypes) {
        if (row.name == m)
            return pushType(d, row.type);
    }
    if (m == "row" || m == "col") {
        if (d.layouts == 0)
            d.rowA = m == "row";
        else if (d.layouts == 1)
            d.rowB = m == "row";
        else
            return false;
        ++d.layouts;
        return true;
    }
    if (m == "x1" || m == "x2" || m == "x4") {
        d.matrixCode = static_cast<std::uint8_t>(m == "x1" ? 1 : m == "x2" ? 2 : 3);
        return true;
    }
    if (m == "trans" || m == "satfinite") {
        (m == "trans" ? d.trans : d.satfinite) = 1;
        return true;
    }
    return ins.opcode == Opcode::Wmma && applyWmmaWord(d, m);
}

std::string_view matrixFormProblem(const Instruction& ins)
{
    const MatrixDesc& d = ins.matrix;
    switch (ins.opcode) {
    case Opcode::Wmma:
        return wmmaProblem(d);
    case Opcode::Mma:
        return mmaProblem(d);
    case Opcode::Ldmatrix:
    case Opcode::Stmatrix:
        if (d.shape != MatrixShape::M8N8 || d.typeCount() != 1 || d.typeAt(0) != MatrixType::B16)
            return "ldmatrix/stmatrix take .m8n8 with .b16";
        if (d.matrices() == 0)
            return "ldmatrix/stmatrix need .x1, .x2 or .x4";
        if (ins.space != StateSpace::Shared && ins.space != StateSpace::Generic)
            return "ldmatrix/stmatrix address shared memory only";
        return {};
    default:
        return {};
    }
}

} // namespace engine::ptx

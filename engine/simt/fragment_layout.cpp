#include "engine/simt/fragment_layout.h"

namespace engine::simt {

namespace {

using ptx::MatrixShape;
using ptx::MatrixType;

bool isInt8(MatrixType t)
{
    return t == MatrixType::S8 || t == MatrixType::U8;
}

/// §9.7.14.5.7-9: C and D of every m16n8 shape, and of m8n8k16 (two .s32 per lane in one row).
FragmentCoord accumulator(MatrixShape shape, int g, int t, int i)
{
    if (shape == MatrixShape::M8N8K16)
        return {g, t * 2 + i};
    return {g + 8 * (i >> 1), t * 2 + (i & 1)};
}

FragmentCoord mmaA(MatrixShape shape, MatrixType type, int g, int t, int i)
{
    switch (shape) {
    case MatrixShape::M16N8K4:
        return {g + 8 * i, t}; // .tf32
    case MatrixShape::M16N8K8:
        if (type == MatrixType::TF32)
            return {g + 8 * (i & 1), t + 4 * (i >> 1)};
        return {g + 8 * (i >> 1), t * 2 + (i & 1)};
    case MatrixShape::M16N8K16:
        if (isInt8(type))
            return {g + 8 * (i >> 2), t * 4 + (i & 3)};
        return {g + 8 * ((i >> 1) & 1), t * 2 + (i & 1) + 8 * (i >> 2)};
    case MatrixShape::M8N8K16:
        return {g, t * 4 + i};
    case MatrixShape::M16N8K32:
        return {g + 8 * ((i >> 2) & 1), t * 4 + (i & 3) + 16 * (i >> 3)};
    default:
        return {};
    }
}

FragmentCoord mmaB(MatrixShape shape, MatrixType type, int g, int t, int i)
{
    switch (shape) {
    case MatrixShape::M16N8K4:
        return {t, g}; // .tf32
    case MatrixShape::M16N8K8:
        if (type == MatrixType::TF32)
            return {t + 4 * i, g};
        return {t * 2 + i, g};
    case MatrixShape::M16N8K16:
        if (isInt8(type))
            return {t * 4 + i, g};
        return {t * 2 + (i & 1) + 8 * (i >> 1), g};
    case MatrixShape::M8N8K16:
        return {t * 4 + i, g};
    case MatrixShape::M16N8K32:
        return {t * 4 + (i & 3) + 16 * (i >> 2), g};
    default:
        return {};
    }
}

FragmentCoord wmmaElement(const FragmentSpec& spec, int lane, int e)
{
    const FragmentCoord extent = fragmentExtent(spec);
    const auto perRegister = static_cast<int>(elementsPerRegister(spec.type));
    const int reg = e / perRegister;
    const int linear = ((reg * 32 + lane) * perRegister + e % perRegister) % (extent.row * extent.col);
    const bool rowMajor = spec.role == FragmentRole::C || spec.rowMajor;
    if (rowMajor)
        return {linear / extent.col, linear % extent.col};
    return {linear % extent.row, linear / extent.row};
}

} // namespace

FragmentCoord fragmentExtent(const FragmentSpec& spec)
{
    const ptx::MatrixDims d = ptx::matrixDims(spec.shape);
    switch (spec.role) {
    case FragmentRole::A:
        return {d.m, d.k};
    case FragmentRole::B:
        return {d.k, d.n};
    default:
        return {d.m, d.n};
    }
}

std::uint32_t elementsPerRegister(ptx::MatrixType type)
{
    const std::uint32_t bits = ptx::matrixTypeBits(type);
    return bits == 0 ? 1 : 32 / bits;
}

FragmentCoord fragmentElement(const FragmentSpec& spec, int lane, int e)
{
    if (spec.wmma)
        return wmmaElement(spec, lane, e);
    const int g = lane >> 2;
    const int t = lane % 4;
    switch (spec.role) {
    case FragmentRole::A:
        return mmaA(spec.shape, spec.type, g, t, e);
    case FragmentRole::B:
        return mmaB(spec.shape, spec.type, g, t, e);
    default:
        return accumulator(spec.shape, g, t, e);
    }
}

FragmentCoord ldmatrixElement(int lane, int j, bool trans)
{
    const FragmentCoord plain {lane / 4, 2 * (lane % 4) + j};
    return trans ? FragmentCoord {plain.col, plain.row} : plain;
}

} // namespace engine::simt

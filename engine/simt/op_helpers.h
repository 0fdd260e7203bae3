#pragma once

#include "engine/simt/in_place_lanes.h"
#include "engine/simt/operand_access.h"
#include "engine/simt/ops.h"

#include <bit>
#include <cstdint>
#include <type_traits>

namespace engine::simt {

/// Raw lane bits as a C++ value of type T (integers truncate; floats reinterpret).
template <typename T>
T fromBits(std::uint64_t b)
{
    if constexpr (std::is_same_v<T, float>)
        return asF32(b);
    else if constexpr (std::is_same_v<T, double>)
        return asF64(b);
    else
        return static_cast<T>(b);
}

/// A value back to lane bits, zero-extended from its width (registers keep only their width anyway).
template <typename T>
std::uint64_t toBits(T v)
{
    if constexpr (std::is_floating_point_v<T>)
        return bitsOf(v);
    else
        return static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<T>>(v));
}

/// Calls f(T{}) with the integer type named by a PTX type suffix (.b as unsigned); false when `type`
/// is not a 16-, 32- or 64-bit integer type.
template <typename F>
bool visitInteger(ptx::ScalarType type, F&& f)
{
    using S = ptx::ScalarType;
    switch (type) {
    case S::S16: f(std::int16_t {}); return true;
    case S::U16: case S::B16: f(std::uint16_t {}); return true;
    case S::S32: f(std::int32_t {}); return true;
    case S::U32: case S::B32: f(std::uint32_t {}); return true;
    case S::S64: f(std::int64_t {}); return true;
    case S::U64: case S::B64: f(std::uint64_t {}); return true;
    default: return false;
    }
}

/// visitInteger for the instruction's type, or the fault of an instruction given a type it does not take.
template <typename F>
void integerOnly(ExecContext& ctx, const ptx::Instruction& ins, F&& f)
{
    if (!visitInteger(ins.type, f))
        unsupported(ctx, ins, "type not supported by this instruction");
}

/// Calls f(T{}) for .f32 (float) or .f64 (double); false otherwise.
template <typename F>
bool visitFloat(ptx::ScalarType type, F&& f)
{
    if (type == ptx::ScalarType::F32) {
        f(float {});
        return true;
    }
    if (type == ptx::ScalarType::F64) {
        f(double {});
        return true;
    }
    return false;
}

/// d = f(a) for every lane, written for the lanes in `mask`.
template <typename F>
void mapUnary(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, F f)
{
    if (in_place::unary<std::uint32_t>(ctx, ins, mask, f) || in_place::unary<std::uint64_t>(ctx, ins, mask, f))
        return;
    LaneBits a;
    readOperand(ctx, ins.operands[1], ins.type, a);
    LaneBits d;
    for (std::size_t l = 0; l < kWarpLanes; ++l)
        d[l] = f(a[l]);
    writeOperand(ctx, ins.operands[0], d, mask);
}

/// d = f(a, b) for every lane, b read as `bType`: mapBinary's and mapShift's general path.
template <typename F>
void mapBinaryLanes(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, ptx::ScalarType bType, F& f)
{
    LaneBits a;
    LaneBits b;
    readOperand(ctx, ins.operands[1], ins.type, a);
    readOperand(ctx, ins.operands[2], bType, b);
    LaneBits d;
    for (std::size_t l = 0; l < kWarpLanes; ++l)
        d[l] = f(a[l], b[l]);
    writeOperand(ctx, ins.operands[0], d, mask);
}

/// d = f(a, b) for every lane.
template <typename F>
void mapBinary(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, F f)
{
    if (!in_place::binaryAny(ctx, ins, mask, f))
        mapBinaryLanes(ctx, ins, mask, ins.type, f);
}

/// d = f(a, b, c) for every lane; c is read as `cType` (the type of the third source).
template <typename F>
void mapTernary(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, ptx::ScalarType cType, F f)
{
    if (in_place::ternaryAny(ctx, ins, mask, cType, f))
        return;
    LaneBits a;
    LaneBits b;
    LaneBits c;
    readOperand(ctx, ins.operands[1], ins.type, a);
    readOperand(ctx, ins.operands[2], ins.type, b);
    readOperand(ctx, ins.operands[3], cType, c);
    LaneBits d;
    for (std::size_t l = 0; l < kWarpLanes; ++l)
        d[l] = f(a[l], b[l], c[l]);
    writeOperand(ctx, ins.operands[0], d, mask);
}

/// d = f(a, n) for every lane, n read as .u32 (the shifts' amount).
template <typename F>
void mapShift(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, F f)
{
    if (!in_place::shiftAny(ctx, ins, mask, f))
        mapBinaryLanes(ctx, ins, mask, ptx::ScalarType::U32, f);
}

/// Width in bits of integer type T.
template <typename T>
inline constexpr unsigned kBits = sizeof(T) * 8;

} // namespace engine::simt

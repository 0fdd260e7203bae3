// PTX ISA 8.5 §9.7.5 "Comparison and Selection Instructions": setp, set, selp, slct.
#include "engine/simt/float_env.h"
#include "engine/simt/half_math.h"
#include "engine/simt/op_helpers.h"
#include "engine/simt/ops_half.h"

namespace engine::simt {

namespace {

using ptx::CmpOp;

/// §9.7.5.1 Tables 21-23: integer, unsigned and floating-point comparisons. Ordered float
/// comparisons are false when an operand is NaN; the unordered ones (…u) are true.
template <typename T> bool compare(CmpOp op, T a, T b)
{
    bool unordered = false;
    if constexpr (std::is_floating_point_v<T>)
        unordered = a != a || b != b;
    switch (op) {
    case CmpOp::Eq:
        return a == b;
    case CmpOp::Ne:
        return !unordered && a != b;
    case CmpOp::Lt:
    case CmpOp::Lo:
        return a < b;
    case CmpOp::Le:
    case CmpOp::Ls:
        return a <= b;
    case CmpOp::Gt:
    case CmpOp::Hi:
        return a > b;
    case CmpOp::Ge:
    case CmpOp::Hs:
        return a >= b;
    case CmpOp::Equ:
        return unordered || a == b;
    case CmpOp::Neu:
        return unordered || a != b;
    case CmpOp::Ltu:
        return unordered || a < b;
    case CmpOp::Leu:
        return unordered || a <= b;
    case CmpOp::Gtu:
        return unordered || a > b;
    case CmpOp::Geu:
        return unordered || a >= b;
    case CmpOp::Num:
        return !unordered;
    case CmpOp::Nan:
        return unordered;
    case CmpOp::None:
        break;
    }
    return false;
}

/// cmp(a[l], b[l]) of every lane as bits, the lanes read as T (.ftz flushing a subnormal f32 first); a and b give
/// each lane's bits (LaneBits, or in_place's accessors).
template <typename T, typename A, typename B, typename Cmp>
std::uint32_t compareEach(const A& a, const B& b, bool ftz, Cmp cmp)
{
    std::uint32_t bits = 0;
    for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
        T x = fromBits<T>(a[l]);
        T y = fromBits<T>(b[l]);
        if constexpr (std::is_same_v<T, float>) {
            x = ftz ? flushSubnormal(x) : x;
            y = ftz ? flushSubnormal(y) : y;
        }
        bits |= static_cast<std::uint32_t>(cmp(x, y)) << l;
    }
    return bits;
}

/// compareEach with the comparison fixed at compile time: chosen once for the warp rather than per lane.
template <CmpOp Op, typename T, typename A, typename B> std::uint32_t compareAll(const A& a, const B& b, bool ftz)
{
    return compareEach<T>(a, b, ftz, [](T x, T y) { return compare(Op, x, y); });
}

/// Per-lane comparison results as bits (1 = true), for the lanes' a and b read as `type`.
bool compareLanes(ExecContext& ctx, const ptx::Instruction& ins, ptx::ScalarType type, const ptx::Operand& aOp,
    const ptx::Operand& bOp, std::uint32_t& bits)
{
    bits = 0;
    const bool ftz = ins.has(ptx::FlagFtz);
    const auto lanes = [&](const auto& a, const auto& b) {
        auto run = [&]<typename T>(T) {
            switch (ins.cmp) { // the comparisons nvcc emits most, each in its own loop; the rest lane by lane
            case CmpOp::Eq: bits = compareAll<CmpOp::Eq, T>(a, b, ftz); return;
            case CmpOp::Ne: bits = compareAll<CmpOp::Ne, T>(a, b, ftz); return;
            case CmpOp::Lt: bits = compareAll<CmpOp::Lt, T>(a, b, ftz); return;
            case CmpOp::Le: bits = compareAll<CmpOp::Le, T>(a, b, ftz); return;
            case CmpOp::Gt: bits = compareAll<CmpOp::Gt, T>(a, b, ftz); return;
            case CmpOp::Ge: bits = compareAll<CmpOp::Ge, T>(a, b, ftz); return;
            case CmpOp::Lo: bits = compareAll<CmpOp::Lo, T>(a, b, ftz); return;
            case CmpOp::Ls: bits = compareAll<CmpOp::Ls, T>(a, b, ftz); return;
            case CmpOp::Hi: bits = compareAll<CmpOp::Hi, T>(a, b, ftz); return;
            case CmpOp::Hs: bits = compareAll<CmpOp::Hs, T>(a, b, ftz); return;
            default: bits = compareEach<T>(a, b, ftz, [op = ins.cmp](T x, T y) { return compare(op, x, y); }); return;
            }
        };
        return visitInteger(type, run) || visitFloat(type, run);
    };
    bool known = true;
    if (in_place::pair(ctx, aOp, bOp, type, [&](const auto& a, const auto& b) { known = lanes(a, b); }))
        return known;
    LaneBits a;
    LaneBits b;
    readOperand(ctx, aOp, type, a);
    readOperand(ctx, bOp, type, b);
    return lanes(a, b);
}

/// Per-lane results of a half-precision comparison (§9.7.4: setp/set with .f16, .bf16 and their x2
/// forms): `lo` for the lower (or only) element, `hi` for the upper one of a packed type.
void compareHalfLanes(ExecContext& ctx, const ptx::Instruction& ins, HalfType t, const ptx::Operand& aOp,
    const ptx::Operand& bOp, std::uint32_t& lo, std::uint32_t& hi)
{
    const ptx::ScalarType type = ins.opcode == ptx::Opcode::Set ? ins.type2 : ins.type;
    LaneBits a;
    LaneBits b;
    readOperand(ctx, aOp, type, a);
    readOperand(ctx, bOp, type, b);
    lo = 0;
    hi = 0;
    const bool ftz = ins.has(ptx::FlagFtz);
    const auto element = [&](std::uint64_t bits, int i) {
        return smallOperand(static_cast<std::uint16_t>(bits >> (16 * i)), t.format, ftz);
    };
    for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
        lo |= static_cast<std::uint32_t>(compare(ins.cmp, element(a[l], 0), element(b[l], 0))) << l;
        if (t.packed)
            hi |= static_cast<std::uint32_t>(compare(ins.cmp, element(a[l], 1), element(b[l], 1))) << l;
    }
}

/// set's "true" value for destination type `d` (§9.7.5.2, §9.7.4.11): 1.0 in a float destination, all
/// ones in an integer one; per element (0xffff or 1.0) when the source is packed.
std::uint64_t setTrueValue(ptx::ScalarType d, bool packedSource)
{
    switch (d) {
    case ptx::ScalarType::F32:
        return bitsOf(1.0f);
    case ptx::ScalarType::F16:
    case ptx::ScalarType::F16x2:
        return 0x3c00;
    case ptx::ScalarType::BF16:
    case ptx::ScalarType::BF16x2:
        return 0x3f80;
    default:
        return packedSource ? 0xffff : 0xffffffff;
    }
}

/// §9.7.5.1: the optional BoolOp combines the comparison with predicate c.
std::uint32_t combine(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t bits, std::size_t cIndex)
{
    if (ins.mode2 == ptx::OpMode::None || cIndex >= ins.operandCount)
        return bits;
    LaneBits c;
    readOperand(ctx, ins.operands[cIndex], ptx::ScalarType::Pred, c);
    std::uint32_t cb = 0;
    for (std::uint32_t l = 0; l < kWarpLanes; ++l)
        cb |= static_cast<std::uint32_t>(c[l] & 1u) << l;
    switch (ins.mode2) {
    case ptx::OpMode::And:
        return bits & cb;
    case ptx::OpMode::Or:
        return bits | cb;
    case ptx::OpMode::Xor:
        return bits ^ cb;
    default:
        return bits;
    }
}

void writeBits(ExecContext& ctx, const ptx::Operand& dst, std::uint32_t bits, std::uint32_t mask)
{
    if (dst.kind == ptx::OperandKind::Register && dst.file == ptx::RegFile::Pred) { // a predicate holds the bits
        ctx.pred[dst.index] = (ctx.pred[dst.index] & ~mask) | (bits & mask);
        return;
    }
    LaneBits v;
    for (std::uint32_t l = 0; l < kWarpLanes; ++l)
        v[l] = (bits >> l) & 1u;
    writeOperand(ctx, dst, v, mask);
}

} // namespace

// §9.7.5.1 setp: p = (a cmp b) op c, and with `p|q` also q = !(a cmp b) op c.
void execSetp(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const bool dual = ins.has(ptx::FlagDualDest);
    const std::size_t a = dual ? 2 : 1;
    std::uint32_t bits = 0;
    if (const auto half = halfTypeOf(ins.type)) {
        // §9.7.4.12 setp with .f16x2/.bf16x2: p takes the lower elements' result, q the upper ones'.
        std::uint32_t hi = 0;
        compareHalfLanes(ctx, ins, *half, ins.operands[a], ins.operands[a + 1], bits, hi);
        writeBits(ctx, ins.operands[0], combine(ctx, ins, bits, a + 2), mask);
        if (dual)
            writeBits(ctx, ins.operands[1], combine(ctx, ins, half->packed ? hi : ~bits, a + 2), mask);
        return;
    }
    if (!compareLanes(ctx, ins, ins.type, ins.operands[a], ins.operands[a + 1], bits))
        return unsupported(ctx, ins, "comparison type");
    writeBits(ctx, ins.operands[0], combine(ctx, ins, bits, a + 2), mask);
    if (dual)
        writeBits(ctx, ins.operands[1], combine(ctx, ins, ~bits, a + 2), mask);
}

// §9.7.5.2 set: d = 1.0f or 0xffffffff when true (by the destination type), 0 when false.
void execSet(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    std::uint32_t bits = 0;
    if (const auto half = halfTypeOf(ins.type2)) {
        std::uint32_t hi = 0;
        compareHalfLanes(ctx, ins, *half, ins.operands[1], ins.operands[2], bits, hi);
        bits = combine(ctx, ins, bits, 3);
        hi = combine(ctx, ins, hi, 3);
        const std::uint64_t one = setTrueValue(ins.type, half->packed);
        LaneBits v;
        for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
            v[l] = ((bits >> l) & 1u) ? one : 0;
            if (half->packed && ((hi >> l) & 1u))
                v[l] |= one << 16;
        }
        return writeOperand(ctx, ins.operands[0], v, mask);
    }
    if (!compareLanes(ctx, ins, ins.type2, ins.operands[1], ins.operands[2], bits))
        return unsupported(ctx, ins, "comparison type");
    bits = combine(ctx, ins, bits, 3);
    const std::uint64_t one = setTrueValue(ins.type, false);
    LaneBits v;
    for (std::uint32_t l = 0; l < kWarpLanes; ++l)
        v[l] = ((bits >> l) & 1u) ? one : 0;
    writeOperand(ctx, ins.operands[0], v, mask);
}

// §9.7.5.3 selp: d = c ? a : b.
void execSelp(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    mapTernary(ctx, ins, mask, ptx::ScalarType::Pred,
        [](std::uint64_t a, std::uint64_t b, std::uint64_t c) { return (c & 1u) ? a : b; });
}

// §9.7.5.4 slct: d = (c >= 0) ? a : b, c being .s32 or .f32 (a NaN c selects b).
void execSlct(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const bool isFloat = ins.type2 == ptx::ScalarType::F32;
    mapTernary(ctx, ins, mask, ins.type2, [isFloat](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
        const bool nonNegative = isFloat ? asF32(c) >= 0.0f : fromBits<std::int32_t>(c) >= 0;
        return nonNegative ? a : b;
    });
}

} // namespace engine::simt

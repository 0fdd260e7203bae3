// PTX ISA 8.5 §9.7.3 "Floating-Point Instructions": add, sub, mul, fma/mad, div, abs, neg, min, max,
// copysign, testp, for .f32 and .f64; the half-precision types go to ops_half.cpp (§9.7.4).
#include "engine/simt/ops_float.h"

#include "engine/simt/float_env.h"
#include "engine/simt/op_helpers.h"
#include "engine/simt/ops_half.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>

namespace engine::simt {

namespace {

    /// The modifiers that touch single-precision values: .ftz and .sat (§9.7.3.1).
    struct FloatMods {
        bool ftz = false;
        bool sat = false;
    };

    template <typename T>
    T in(T x, FloatMods m)
    {
        if constexpr (std::is_same_v<T, float>)
            return m.ftz ? flushSubnormal(x) : x;
        return x;
    }

    template <typename T>
    std::uint64_t out(T r, FloatMods m)
    {
        if constexpr (std::is_same_v<T, float>) {
            if (m.ftz)
                r = flushSubnormal(r);
            r = canonicalNan(r);
        }
        if (m.sat)
            r = saturateUnit(r);
        return toBits(r);
    }

    template <typename T, typename Op>
    void binary(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, Op op)
    {
        const FloatMods m { ins.has(ptx::FlagFtz), ins.has(ptx::FlagSat) };
        const RoundingScope rounding(ins.rounding);
        if (!m.ftz && !m.sat) { // nvcc's add, sub and mul .f32 and .f64: no per-lane flag tests, one vector loop
            mapBinary(ctx, ins, mask, [op](std::uint64_t a, std::uint64_t b) {
                return out<T>(op(fromBits<T>(a), fromBits<T>(b)), FloatMods {});
            });
            return;
        }
        mapBinary(ctx, ins, mask, [m, op](std::uint64_t a, std::uint64_t b) {
            return out<T>(op(in(fromBits<T>(a), m), in(fromBits<T>(b), m)), m);
        });
    }

    /// d = a × b + c rounded once, canonical NaN, for the 32 lanes of three .f32 register rows. A fused multiply-add
    /// is exact before its one rounding however it is computed, so the host's FMA instructions, where it has them
    /// (a second build of this function, chosen when the program loads), give the same bits as the C library.
    [[gnu::target_clones("fma", "default")]] void fmaRowF32(
        const std::uint32_t* a, const std::uint32_t* b, const std::uint32_t* c, std::uint32_t* d)
    {
        for (std::size_t l = 0; l < kWarpLanes; ++l) {
            const float r = std::fma(std::bit_cast<float>(a[l]), std::bit_cast<float>(b[l]), std::bit_cast<float>(c[l]));
            d[l] = std::bit_cast<std::uint32_t>(canonicalNan(r));
        }
    }

    /// The 32 lanes of an .f32 source of fma: its register's row, or `scratch` holding an immediate in every lane;
    /// null for any other operand.
    const std::uint32_t* f32Row(const ExecContext& ctx, const ptx::Operand& op, ptx::ScalarType type,
        std::array<std::uint32_t, kWarpLanes>& scratch)
    {
        if (op.kind == ptx::OperandKind::Register && op.file == ptx::RegFile::B32)
            return ctx.b32 + std::size_t { op.index } * kWarpLanes;
        if (op.kind == ptx::OperandKind::Immediate) {
            LaneBits bits;
            readOperand(ctx, op, type, bits);
            scratch.fill(static_cast<std::uint32_t>(bits[0]));
            return scratch.data();
        }
        return nullptr;
    }

    /// fma.rn.f32 into an .f32 register from registers and immediates, straight from and to the register file: the
    /// row is computed for all 32 lanes (an inactive lane's value is computed and dropped) and the lanes in `mask`
    /// written.
    bool fusedFmaF32(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
    {
        const auto& o = ins.operands;
        if (o[0].kind != ptx::OperandKind::Register || o[0].file != ptx::RegFile::B32)
            return false;
        std::array<std::array<std::uint32_t, kWarpLanes>, 3> scratch;
        const std::uint32_t* a = f32Row(ctx, o[1], ins.type, scratch[0]);
        const std::uint32_t* b = f32Row(ctx, o[2], ins.type, scratch[1]);
        const std::uint32_t* c = f32Row(ctx, o[3], ins.type, scratch[2]);
        if (!a || !b || !c)
            return false;
        std::array<std::uint32_t, kWarpLanes> d;
        fmaRowF32(a, b, c, d.data());
        std::uint32_t* row = ctx.b32 + std::size_t { o[0].index } * kWarpLanes;
        if (mask == kAllLanes) {
            std::copy(d.begin(), d.end(), row);
            return true;
        }
        for (std::size_t l = 0; l < kWarpLanes; ++l)
            row[l] = ((mask >> l) & 1u) != 0 ? d[l] : row[l];
        return true;
    }

    // §9.7.3.5 fma / §9.7.3.6 mad: a * b + c with a single rounding.
    template <typename T>
    void fusedMultiplyAdd(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
    {
        const FloatMods m { ins.has(ptx::FlagFtz), ins.has(ptx::FlagSat) };
        const RoundingScope rounding(ins.rounding);
        if constexpr (std::is_same_v<T, float>) {
            if (!m.ftz && !m.sat && fusedFmaF32(ctx, ins, mask))
                return;
        }
        if (!m.ftz && !m.sat) { // the common fma.rn.f32 of nvcc's output, without per-lane flag tests
            mapTernary(ctx, ins, mask, ins.type, [](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
                const T r = std::fma(fromBits<T>(a), fromBits<T>(b), fromBits<T>(c));
                if constexpr (std::is_same_v<T, float>)
                    return toBits(canonicalNan(r));
                return toBits(r);
            });
            return;
        }
        mapTernary(ctx, ins, mask, ins.type, [m](std::uint64_t a, std::uint64_t b, std::uint64_t c) {
            return out<T>(std::fma(in(fromBits<T>(a), m), in(fromBits<T>(b), m), in(fromBits<T>(c), m)), m);
        });
    }

    // §9.7.3.10 min / §9.7.3.11 max: a NaN operand yields the other one; two NaNs the canonical NaN;
    // -0.0 is smaller than +0.0.
    template <typename T>
    T minMax(T a, T b, bool isMax)
    {
        if (a != a)
            return b;
        if (b != b)
            return a;
        if (a == b && a == T(0)) {
            const bool aNeg = std::signbit(a);
            const bool bNeg = std::signbit(b);
            return (isMax ? (aNeg && bNeg) : (aNeg || bNeg)) ? -T(0) : T(0);
        }
        return isMax ? (a > b ? a : b) : (a < b ? a : b);
    }

    template <typename T>
    void arithmetic(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
    {
        switch (ins.opcode) {
        case ptx::Opcode::Add: binary<T>(ctx, ins, mask, [](T a, T b) { return a + b; }); return;
        case ptx::Opcode::Sub: binary<T>(ctx, ins, mask, [](T a, T b) { return a - b; }); return;
        case ptx::Opcode::Mul: binary<T>(ctx, ins, mask, [](T a, T b) { return a * b; }); return;
        // §9.7.3.8 div: .rn/.rz/.rm/.rp are IEEE divisions; .approx and .full are modeled by the
        // correctly rounded quotient (within their documented 2-ulp bound).
        case ptx::Opcode::Div: binary<T>(ctx, ins, mask, [](T a, T b) { return a / b; }); return;
        case ptx::Opcode::Min: binary<T>(ctx, ins, mask, [](T a, T b) { return minMax(a, b, false); }); return;
        case ptx::Opcode::Max: binary<T>(ctx, ins, mask, [](T a, T b) { return minMax(a, b, true); }); return;
        case ptx::Opcode::Mad:
        case ptx::Opcode::Fma: fusedMultiplyAdd<T>(ctx, ins, mask); return;
        default: break;
        }
        // §9.7.3.3 abs / §9.7.3.4 neg: sign-bit operations (.ftz flushes a subnormal input first).
        const bool ftz = ins.has(ptx::FlagFtz);
        const bool negate = ins.opcode == ptx::Opcode::Neg;
        mapUnary(ctx, ins, mask, [ftz, negate](std::uint64_t a) {
            T x = fromBits<T>(a);
            if constexpr (std::is_same_v<T, float>)
                x = ftz ? flushSubnormal(x) : x;
            return toBits(negate ? -x : std::fabs(x));
        });
    }

    /// §9.7.3.1 testp: whether a value of fpclassify's kind `kind` has the property `mode` (zero of either sign counts
    /// as normal); none when `mode` is not one of testp's.
    std::optional<bool> testpHolds(ptx::OpMode mode, int kind)
    {
        switch (mode) {
        case ptx::OpMode::Finite: return kind != FP_INFINITE && kind != FP_NAN;
        case ptx::OpMode::Infinite: return kind == FP_INFINITE;
        case ptx::OpMode::Number: return kind != FP_NAN;
        case ptx::OpMode::NotANumber: return kind == FP_NAN;
        case ptx::OpMode::Normal: return kind == FP_NORMAL || kind == FP_ZERO;
        case ptx::OpMode::Subnormal: return kind == FP_SUBNORMAL;
        default: return std::nullopt;
        }
    }

} // namespace

void floatArithmetic(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (const auto half = halfTypeOf(ins.type))
        return halfArithmetic(ctx, ins, mask, *half);
    if (!visitFloat(ins.type, [&]<typename T>(T) { arithmetic<T>(ctx, ins, mask); }))
        unsupported(ctx, ins, "type");
}

void execFma(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask) { floatArithmetic(ctx, ins, mask); }

// §9.7.3.2 copysign: d = the magnitude of b with the sign of a.
void execCopysign(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (!visitFloat(ins.type, [&]<typename T>(T) {
            mapBinary(ctx, ins, mask, [](std::uint64_t a, std::uint64_t b) {
                return toBits(std::copysign(fromBits<T>(b), fromBits<T>(a)));
            });
        }))
        unsupported(ctx, ins, "type");
}

// §9.7.3.1 testp: the front end does not record which property (.finite, .normal, ...) is tested.
// §9.7.3.1 testp: a property of each lane's value as a predicate.
void execTestp(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const auto test = [&]<typename T>(T) {
        LaneBits a;
        readOperand(ctx, ins.operands[1], ins.type, a);
        LaneBits d;
        for (std::size_t l = 0; l < kWarpLanes; ++l)
            d[l] = *testpHolds(ins.mode, std::fpclassify(fromBits<T>(a[l]))) ? 1 : 0;
        writeOperand(ctx, ins.operands[0], d, mask);
    };
    if (!testpHolds(ins.mode, FP_ZERO) || !visitFloat(ins.type, test))
        unsupported(ctx, ins,
            "testp needs .finite, .infinite, .number, .notanumber, .normal or .subnormal, on .f32 or .f64");
}

} // namespace engine::simt

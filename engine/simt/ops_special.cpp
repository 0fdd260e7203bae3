// PTX ISA 8.5 §9.7.3 special functions: rcp, sqrt, rsqrt, sin, cos, lg2, ex2, tanh. The IEEE forms
// (.rn/.rz/.rm/.rp) are exact roundings; the .approx forms are modeled by evaluating in double and
// rounding once, which lies within the error bounds the ISA gives for each.
#include "engine/simt/float_env.h"
#include "engine/simt/op_helpers.h"
#include "engine/simt/ops_half.h"

#include <cmath>

namespace engine::simt {

namespace {

    template <typename F>
    void special(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, F f)
    {
        const bool ftz = ins.has(ptx::FlagFtz);
        const RoundingScope rounding(ins.rounding);
        if (ins.type == ptx::ScalarType::F32) {
            mapUnary(ctx, ins, mask, [ftz, f](std::uint64_t a) {
                float x = asF32(a);
                x = ftz ? flushSubnormal(x) : x;
                float r = f(x);
                r = ftz ? flushSubnormal(r) : r;
                return bitsOf(canonicalNan(r));
            });
        } else if (ins.type == ptx::ScalarType::F64) {
            mapUnary(ctx, ins, mask, [f](std::uint64_t a) { return bitsOf(f(asF64(a))); });
        } else {
            unsupported(ctx, ins, "half-precision form of this instruction");
        }
    }

    template <typename T>
    T viaDouble(T x, double (*fn)(double))
    {
        return static_cast<T>(fn(static_cast<double>(x)));
    }

} // namespace

// §9.7.3.12 rcp: 1 / a.
void execRcp(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    special(ctx, ins, mask, []<typename T>(T x) { return T(1) / x; });
}

// §9.7.3.14 sqrt.
void execSqrt(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    special(ctx, ins, mask, []<typename T>(T x) { return std::sqrt(x); });
}

// §9.7.3.15 rsqrt.approx: 1 / sqrt(a); rsqrt(+0) = +inf, rsqrt(negative) = NaN.
void execRsqrt(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    special(ctx, ins, mask, []<typename T>(T x) { return static_cast<T>(1.0 / std::sqrt(static_cast<double>(x))); });
}

// §9.7.3.17 sin.approx / §9.7.3.18 cos.approx (radians).
void execSin(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    special(ctx, ins, mask, []<typename T>(T x) { return viaDouble<T>(x, [](double v) { return std::sin(v); }); });
}

void execCos(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    special(ctx, ins, mask, []<typename T>(T x) { return viaDouble<T>(x, [](double v) { return std::cos(v); }); });
}

// §9.7.3.19 lg2.approx: log2(a); lg2(0) = -inf, lg2(negative) = NaN.
void execLg2(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    special(ctx, ins, mask, []<typename T>(T x) { return viaDouble<T>(x, [](double v) { return std::log2(v); }); });
}

// §9.7.3.20 ex2.approx: 2^a.
void execEx2(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (const auto half = halfTypeOf(ins.type))
        return halfSpecial(ctx, ins, mask, *half, [](double v) { return std::exp2(v); });
    special(ctx, ins, mask, []<typename T>(T x) { return viaDouble<T>(x, [](double v) { return std::exp2(v); }); });
}

// §9.7.3.21 tanh.approx.
void execTanh(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (const auto half = halfTypeOf(ins.type))
        return halfSpecial(ctx, ins, mask, *half, [](double v) { return std::tanh(v); });
    special(ctx, ins, mask, []<typename T>(T x) { return viaDouble<T>(x, [](double v) { return std::tanh(v); }); });
}

} // namespace engine::simt

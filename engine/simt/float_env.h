#pragma once

#include "engine/ptx/instruction.h"

#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <limits>

namespace engine::simt {

/// Sets the host's rounding mode for the lifetime of the object when a PTX rounding modifier asks for
/// a directed one (PTX ISA 8.5 §9.7.3 "Rounding modifiers": .rn nearest-even, .rz toward zero,
/// .rm toward -inf, .rp toward +inf; the integer forms .rni/.rzi/.rmi/.rpi likewise). Default (.rn or
/// none) costs one comparison. Files that use it are compiled with -frounding-math.
class RoundingScope {
public:
    explicit RoundingScope(ptx::Rounding r)
    {
        const int mode = hostMode(r);
        if (mode == FE_TONEAREST)
            return;
        m_old = std::fegetround();
        std::fesetround(mode);
        m_changed = true;
    }
    ~RoundingScope()
    {
        if (m_changed)
            std::fesetround(m_old);
    }
    RoundingScope(const RoundingScope&) = delete;
    RoundingScope& operator=(const RoundingScope&) = delete;

    static int hostMode(ptx::Rounding r)
    {
        switch (r) {
        case ptx::Rounding::Rz: case ptx::Rounding::Rzi: return FE_TOWARDZERO;
        case ptx::Rounding::Rm: case ptx::Rounding::Rmi: return FE_DOWNWARD;
        case ptx::Rounding::Rp: case ptx::Rounding::Rpi: return FE_UPWARD;
        default: return FE_TONEAREST;
        }
    }

private:
    int m_old = FE_TONEAREST;
    bool m_changed = false;
};

/// PTX ISA 8.5 §9.7.3 .ftz: single-precision subnormal inputs and results become sign-preserving zero.
inline float flushSubnormal(float x)
{
    return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x;
}

/// §9.7.3: single-precision NaN results are the canonical NaN 0x7fffffff.
inline float canonicalNan(float x)
{
    return x != x ? std::bit_cast<float>(0x7fffffffu) : x;
}

/// §9.7.3 .sat: clamps to [0.0, 1.0]; NaN becomes 0.0.
template <typename T>
T saturateUnit(T x)
{
    if (!(x > T(0)))
        return T(0);
    return x > T(1) ? T(1) : x;
}

} // namespace engine::simt

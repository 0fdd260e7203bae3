#include "engine/simt/matrix_values.h"

#include "engine/simt/small_float.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace engine::simt {

namespace {

std::uint32_t field(std::uint32_t reg, std::uint32_t j, std::uint32_t bits)
{
    return bits == 32 ? reg : (reg >> (j * bits)) & ((1U << bits) - 1U);
}

std::uint32_t withField(std::uint32_t reg, std::uint32_t j, std::uint32_t bits, std::uint32_t value)
{
    if (bits == 32)
        return value;
    const std::uint32_t mask = ((1U << bits) - 1U) << (j * bits);
    return (reg & ~mask) | ((value << (j * bits)) & mask);
}

std::uint32_t toS32(double value, bool satfinite)
{
    if (std::isnan(value))
        return 0;
    if (satfinite) {
        constexpr double lo = std::numeric_limits<std::int32_t>::min();
        constexpr double hi = std::numeric_limits<std::int32_t>::max();
        return static_cast<std::uint32_t>(static_cast<std::int32_t>(value < lo ? lo : value > hi ? hi : value));
    }
    return static_cast<std::uint32_t>(static_cast<std::int64_t>(value)); // modulo 2^32
}

} // namespace

double matrixElement(std::uint32_t reg, std::uint32_t j, ptx::MatrixType type)
{
    using ptx::MatrixType;
    switch (type) {
    case MatrixType::F16:
        return fromSmallFloat(static_cast<std::uint16_t>(field(reg, j, 16)), kHalf);
    case MatrixType::BF16:
        return fromSmallFloat(static_cast<std::uint16_t>(field(reg, j, 16)), kBfloat16);
    case MatrixType::TF32:
        return std::bit_cast<float>(reg & 0xffffe000U);
    case MatrixType::F32:
        return std::bit_cast<float>(reg);
    case MatrixType::S8:
        return static_cast<std::int8_t>(field(reg, j, 8));
    case MatrixType::U8:
        return field(reg, j, 8);
    case MatrixType::S32:
        return static_cast<std::int32_t>(reg);
    default:
        return 0;
    }
}

std::uint32_t withMatrixElement(std::uint32_t reg, std::uint32_t j, ptx::MatrixType type, double value, bool satfinite)
{
    using ptx::MatrixType;
    switch (type) {
    case MatrixType::F16:
        return withField(reg, j, 16, toSmallFloat(value, kHalf, ptx::Rounding::Rn));
    case MatrixType::F32:
        return std::isnan(value) ? 0x7fffffffU : std::bit_cast<std::uint32_t>(static_cast<float>(value));
    case MatrixType::S32:
        return toS32(value, satfinite);
    default:
        return reg;
    }
}

void multiplyAccumulate(int m, int n, int k, std::span<const double> a, std::span<const double> b,
    std::span<const double> c, std::span<double> d)
{
    for (int row = 0; row < m; ++row) {
        for (int col = 0; col < n; ++col) {
            double sum = c[static_cast<std::size_t>(row * n + col)];
            for (int i = 0; i < k; ++i)
                sum += a[static_cast<std::size_t>(row * k + i)] * b[static_cast<std::size_t>(i * n + col)];
            d[static_cast<std::size_t>(row * n + col)] = sum;
        }
    }
}

} // namespace engine::simt

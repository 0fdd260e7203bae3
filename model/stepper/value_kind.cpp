#include "model/stepper/value_kind.h"

#include <bit>
#include <cstdint>
#include <cmath>
#include <limits>

namespace model {

namespace {

quint64 lowBits(quint64 value, int bits)
{
    return bits >= 64 ? value : value & ((quint64 { 1 } << bits) - 1);
}

qint64 signExtend(quint64 value, int bits)
{
    if (bits >= 64)
        return static_cast<qint64>(value);
    const quint64 sign = quint64 { 1 } << (bits - 1);
    const quint64 v = lowBits(value, bits);
    return static_cast<qint64>((v ^ sign) - sign);
}

/// IEEE 754 binary16 to double (subnormals, infinities and NaN included).
double halfToDouble(quint64 value)
{
    const auto h = static_cast<std::uint16_t>(value);
    const int exponent = (h >> 10) & 0x1f;
    const int mantissa = h & 0x3ff;
    const double sign = (h & 0x8000) != 0 ? -1.0 : 1.0;
    if (exponent == 0x1f)
        return mantissa == 0 ? sign * std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
    if (exponent == 0)
        return sign * std::ldexp(mantissa, -24);
    return sign * std::ldexp(mantissa + 1024, exponent - 25);
}

} // namespace

QString formatValue(ValueKind kind, int bits, quint64 value)
{
    switch (kind) {
    case ValueKind::Predicate: return (value & 1u) != 0 ? QStringLiteral("true") : QStringLiteral("false");
    case ValueKind::Signed: return QString::number(signExtend(value, bits));
    case ValueKind::Unsigned: return QString::number(lowBits(value, bits));
    case ValueKind::Bits:
        return QStringLiteral("0x") + QString::number(lowBits(value, bits), 16);
    case ValueKind::Float16: return QString::number(halfToDouble(value), 'g', 5);
    case ValueKind::Float32:
        return QString::number(static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(value))), 'g', 7);
    case ValueKind::Float64: return QString::number(std::bit_cast<double>(value), 'g', 15);
    }
    return {};
}

} // namespace model

#pragma once

#include <QString>

namespace model {

/// How a register's (or watch's) raw bits read: its PTX type, reduced to what formatting needs.
enum class ValueKind { Predicate, Signed, Unsigned, Bits, Float16, Float32, Float64 };

/// The bits as the kind reads them: "true", "-3", "42", "0x7f001000", "1.5". `bits` is the register width
/// (8 to 64); wider registers show their low 64 bits.
QString formatValue(ValueKind kind, int bits, quint64 value);

} // namespace model

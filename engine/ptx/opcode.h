#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace engine::ptx {

/// What kind of unit executes an instruction; the timing model charges latency per class.
enum class InstrClass : std::uint8_t {
    Arithmetic, ///< integer or floating point, decided by the type suffix
    FloatArithmetic,
    Transcendental, ///< special-function unit
    Compare,
    Logic,
    Move,
    Convert,
    Load,
    Store,
    Atomic,
    Barrier,
    WarpShuffle,
    WarpVote,
    Control,
    Matrix, ///< tensor cores: wmma and mma (PTX ISA 8.5 §9.7.14)
    Async, ///< asynchronous copies and mbarrier objects (PTX ISA 8.5 §9.7.9.25, §9.7.13.15)
};

/// Every supported PTX instruction, generated from opcodes.def.
enum class Opcode : std::uint8_t {
#define PTX_OPCODE(name, mnemonic, cls, minOps, maxOps) name,
#include "engine/ptx/opcodes.def"
#undef PTX_OPCODE
};

/// Static facts about one opcode, one row of opcodes.def.
struct OpcodeInfo {
    std::string_view mnemonic;
    InstrClass instrClass;
    std::uint8_t minOperands;
    std::uint8_t maxOperands;
};

/// The number of opcodes in the table.
std::size_t opcodeCount();

/// The row of opcodes.def for `op`.
const OpcodeInfo& opcodeInfo(Opcode op);

/// The opcode spelled `mnemonic` (the part before the first '.'), or nothing when unsupported.
std::optional<Opcode> lookupOpcode(std::string_view mnemonic);

/// "Arithmetic", "Load", ...: for listings and the CLI.
std::string_view instrClassName(InstrClass cls);

} // namespace engine::ptx

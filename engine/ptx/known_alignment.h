#pragma once

#include "engine/ptx/module.h"

#include <array>
#include <cstdint>
#include <vector>

namespace engine::ptx {

/// The byte alignment a shared variable is placed at. ptxas, which lays out shared memory itself, places
/// an array whose size is a multiple of 16 bytes on a 16-byte boundary whatever its `.align`: the SASS of
/// sharedABMultiply reads `.shared .align 4 .b8 aTile[4096]` with LDS.128
/// (bench/hardware/h100/sass/matrix_ab.sass, cuobjdump of ptxas 13.0's sm_90 code).
std::uint32_t sharedPlacementAlign(const Variable& variable);

/// For every 32- and 64-bit register of a function, a power of two that divides every value the register
/// ever holds (1 when nothing is known), from the instructions that define it: constants, shared
/// variable addresses, and how add, sub, mul, mad, shl, and, mov and cvt(a) carry alignment (a sum is as
/// aligned as its least aligned term, a product multiplies alignments, a left shift by k multiplies by
/// 2^k). Flow-insensitive: a register defined several times takes the least alignment of all definitions.
class KnownAlignment {
public:
    KnownAlignment(const Function& function, const Module& module);

    /// Alignment of an address operand's base: a register's, a shared symbol's placement, or 1.
    std::uint32_t ofAddressBase(const Operand& address) const;
    std::uint32_t ofRegister(RegFile file, std::uint32_t index) const;

    static constexpr std::uint32_t kUnbounded = 1U << 16; ///< the value 0, or nothing known to bound it

private:
    std::uint32_t ofOperand(const Operand& operand) const;
    std::uint32_t ofDefinition(const Instruction& ins) const;

    const Function& m_function;
    const Module& m_module;
    std::array<std::vector<std::uint32_t>, kRegFileCount> m_align;
};

} // namespace engine::ptx

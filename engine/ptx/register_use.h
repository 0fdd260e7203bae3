#pragma once

#include "engine/ptx/module.h"

#include <cstdint>
#include <functional>

namespace engine::ptx {

/// A register as one number: register file in the top bits, index below.
using RegKey = std::uint32_t;

/// Calls `visit(key, written)` for each register `ins` reads (written = false) or writes (true): its
/// destination operands, the registers of its sources and addresses (vector elements one by one), and its
/// guard predicate as a read. A register may be visited more than once.
void visitRegisters(const Function& fn, const Instruction& ins, const std::function<void(RegKey, bool)>& visit);

} // namespace engine::ptx

#pragma once

#include "engine/ptx/module.h"

namespace engine {

/// An estimate of the registers per thread ptxas would allocate for `fn`, for when ptxas is not installed:
/// the most 32-bit register slots live at once (a .b64 value takes two, a .b128 four, predicates none: they
/// have their own file), from a backward liveness analysis over the function's control-flow graph (a
/// guarded write may leave the old value live, so it does not end a live range). ptxas reorders, rematerializes
/// and reserves registers of its own, so this is an estimate, and is labelled so wherever it is shown.
int estimateRegisters(const ptx::Function& fn);

} // namespace engine

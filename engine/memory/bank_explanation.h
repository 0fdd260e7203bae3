#pragma once

#include "engine/memory/bank_conflict_result.h"

#include <string>

namespace engine {

/// Cold path: the text both bank models show in the warp stepper, after their own header line: the
/// passes, the banks where lanes collide, the lanes served by broadcast, and which lanes each pass completed.
std::string describeBankResult(const BankConflictResult& result, std::uint32_t activeMask);

} // namespace engine

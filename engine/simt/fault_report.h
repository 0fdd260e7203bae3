#pragma once

#include "engine/simt/exec_context.h"

namespace engine::simt {

/// Turns a fault into the user's error, in the manner of compute-sanitizer's memcheck: what happened,
/// kernel, block (x,y,z), thread (x,y,z), PC and line, address, access size and the nearest allocation.
/// The location is the CUDA source line from `.loc` when the PTX has one, else the PTX file.
Error describeFault(const ExecContext& ctx);

/// "global", "shared", ...
const char* memorySpaceName(MemorySpace space);

} // namespace engine::simt

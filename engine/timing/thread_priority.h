#pragma once

namespace engine::timing {

/// Lowers the calling thread's scheduling priority (Linux: nice +10 for this thread alone; elsewhere nothing), so
/// that it takes the cores other threads of the process leave idle: the workers that run blocks functionally in
/// batches (block_source.h) yield to the threads stepping the SMs, which wait for nothing but them.
void lowerThreadPriority();

} // namespace engine::timing

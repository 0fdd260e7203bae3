#pragma once

#include <memory>

namespace engine {
class KernelExecutor;
}

namespace model {

/// The executor every GUI run and sweep point uses: the timing model, with sampled simulation when `sampled`
/// (a launch whose block throughput has become steady stops there and is extrapolated), each launch on
/// `threads` host threads (0: one per hardware thread; every result is the same for any number). Runs are
/// exact, so their output buffers are whole. Safe to call from any thread.
std::unique_ptr<engine::KernelExecutor> makeKernelExecutor(bool sampled = false, unsigned threads = 0);

} // namespace model

#pragma once

#include <memory>

namespace engine {
class KernelExecutor;
}

namespace model {

/// The executor every GUI run and sweep point uses: the timing model, with sampled simulation when `sampled`
/// (a launch whose block throughput has become steady stops there and is extrapolated). Runs are exact, so
/// their output buffers are whole. Safe to call from any thread.
std::unique_ptr<engine::KernelExecutor> makeKernelExecutor(bool sampled = false);

} // namespace model

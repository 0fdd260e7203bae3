#pragma once

#include <memory>

namespace engine {
class KernelExecutor;
}

namespace model {

/// The executor every GUI run and sweep point uses. The one place to switch from the functional executor
/// to the timing model once it exists. Safe to call from any thread.
std::unique_ptr<engine::KernelExecutor> makeKernelExecutor();

} // namespace model

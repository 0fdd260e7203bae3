#include "model/run/kernel_executor_factory.h"

#include "engine/host/kernel_executor.h"

namespace model {

std::unique_ptr<engine::KernelExecutor> makeKernelExecutor()
{
    // Counters only: kernels take no modeled time until the timing model's executor replaces this.
    return std::make_unique<engine::FunctionalExecutor>();
}

} // namespace model

#include "model/run/kernel_executor_factory.h"

#include "engine/timing/timed_executor.h"

namespace model {

std::unique_ptr<engine::KernelExecutor> makeKernelExecutor()
{
    // Every GUI run and sweep goes through the timing model, so launches have a duration and bandwidth.
    return std::make_unique<engine::timing::TimedExecutor>();
}

} // namespace model

#include "model/run/kernel_executor_factory.h"

#include "engine/timing/timed_executor.h"

namespace model {

std::unique_ptr<engine::KernelExecutor> makeKernelExecutor(bool sampled, unsigned threads)
{
    // Every GUI run and sweep goes through the timing model, so launches have a duration and bandwidth.
    engine::timing::TimingOptions options;
    options.sampling.enabled = sampled;
    options.threads = threads;
    return std::make_unique<engine::timing::TimedExecutor>(options);
}

} // namespace model

#include "engine/timing/warp_scheduler.h"

#include "engine/timing/gto_scheduler.h"
#include "engine/timing/lrr_scheduler.h"

namespace engine::timing {

std::unique_ptr<WarpSchedulerPolicy> makeWarpScheduler(SchedulerPolicy policy)
{
    if (policy == SchedulerPolicy::LooseRoundRobin)
        return std::make_unique<LrrScheduler>();
    return std::make_unique<GtoScheduler>();
}

const char* toString(SchedulerPolicy policy)
{
    return policy == SchedulerPolicy::LooseRoundRobin ? "lrr" : "gto";
}

} // namespace engine::timing

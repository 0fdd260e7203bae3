#include "engine/timing/thread_priority.h"

#if defined(__linux__)
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace engine::timing {

void lowerThreadPriority()
{
#if defined(__linux__)
    // Linux keeps a nice value per thread (setpriority(2), "Bugs": PRIO_PROCESS with a thread ID); raising it
    // needs no privilege. A failure leaves the thread as it was, which changes only how fast, not what, it runs.
    constexpr int kBackgroundNice = 10;
    (void)setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), kBackgroundNice);
#endif
}

} // namespace engine::timing

#include "engine/timing/sm_model_pool.h"

#include <mutex>
#include <utility>

namespace engine::timing {

namespace {
    struct Pool {
        std::mutex mutex;
        std::vector<std::vector<SmModel>> launches; ///< the most recent last
    };

    Pool& pool()
    {
        static Pool* const instance = new Pool; // never destroyed: launches may end after static destruction began
        return *instance;
    }
}

std::vector<SmModel> SmModelPool::take(std::uint32_t count, const SmContext& context)
{
    std::vector<SmModel> sms;
    {
        Pool& p = pool();
        const std::lock_guard lock(p.mutex);
        if (!p.launches.empty()) {
            sms = std::move(p.launches.back());
            p.launches.pop_back();
        }
    }
    if (sms.size() > count)
        sms.erase(sms.begin() + count, sms.end());
    for (std::uint32_t sm = 0; sm < sms.size(); ++sm)
        sms[sm].reuse(sm, context);
    sms.reserve(count);
    for (auto sm = static_cast<std::uint32_t>(sms.size()); sm < count; ++sm)
        sms.emplace_back(sm, context);
    return sms;
}

void SmModelPool::giveBack(std::vector<SmModel> sms)
{
    if (sms.empty())
        return;
    for (SmModel& sm : sms)
        sm.release();
    std::vector<SmModel> dropped; // freed outside the lock
    Pool& p = pool();
    const std::lock_guard lock(p.mutex);
    if (p.launches.size() == kPooledLaunches) {
        dropped = std::move(p.launches.front());
        p.launches.erase(p.launches.begin());
    }
    p.launches.push_back(std::move(sms));
}

std::size_t SmModelPool::pooledLaunches()
{
    Pool& p = pool();
    const std::lock_guard lock(p.mutex);
    return p.launches.size();
}

} // namespace engine::timing

#include "engine/timing/sm_model_pool.h"

#include <algorithm>
#include <iterator>
#include <mutex>
#include <utility>

namespace engine::timing {

namespace {
    struct Pool {
        std::mutex mutex;
        std::vector<std::vector<SmModel>> launches; ///< the most recent last
        /// SMs a launch of fewer blocks than SMs left over (SmModelPool::take), for a later launch of more: a
        /// scenario alternating a small grid and a large one (Rodinia gaussian) would otherwise free and build them
        /// at every launch.
        std::vector<SmModel> spare;
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
    std::vector<SmModel> dropped; // freed outside the lock
    {
        Pool& p = pool();
        const std::lock_guard lock(p.mutex);
        if (!p.launches.empty()) {
            sms = std::move(p.launches.back());
            p.launches.pop_back();
        }
        if (sms.size() > count) {
            const std::size_t room = kSpareSms - std::min(kSpareSms, p.spare.size());
            const auto first = sms.begin() + count;
            const auto kept = first + static_cast<std::ptrdiff_t>(std::min(room, sms.size() - count));
            std::move(first, kept, std::back_inserter(p.spare));
            std::move(kept, sms.end(), std::back_inserter(dropped));
            sms.erase(first, sms.end());
        }
        sms.reserve(count);
        while (sms.size() < count && !p.spare.empty()) {
            sms.push_back(std::move(p.spare.back()));
            p.spare.pop_back();
        }
    }
    for (std::uint32_t sm = 0; sm < sms.size(); ++sm)
        sms[sm].reuse(sm, context);
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

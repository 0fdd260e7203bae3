#include "engine/timing/pooled_workers.h"

#include <algorithm>
#include <mutex>
#include <vector>

namespace engine::timing {

namespace {

    /// The process's idle sets. Ended with the process: their threads sleep until then.
    struct IdleSets {
        std::mutex mutex;
        std::vector<std::unique_ptr<WindowWorkers>> sets;
    };

    IdleSets& idleSets()
    {
        static IdleSets idle;
        return idle;
    }

} // namespace

PooledWorkers::PooledWorkers(unsigned threads, unsigned guests)
{
    if (guests > 0) {
        m_workers = std::make_unique<WindowWorkers>(threads, guests);
        return;
    }
    if (threads > 1) {
        IdleSets& idle = idleSets();
        const std::lock_guard lock(idle.mutex);
        const auto it = std::find_if(idle.sets.begin(), idle.sets.end(),
            [threads](const auto& set) { return set->threads() == threads; });
        if (it != idle.sets.end()) {
            m_workers = std::move(*it);
            idle.sets.erase(it);
            return;
        }
    }
    m_workers = std::make_unique<WindowWorkers>(threads);
}

std::size_t PooledWorkers::idleCount()
{
    IdleSets& idle = idleSets();
    const std::lock_guard lock(idle.mutex);
    return idle.sets.size();
}

PooledWorkers::~PooledWorkers()
{
    if (m_workers->threads() <= 1 || m_workers->guests() > 0)
        return;
    IdleSets& idle = idleSets();
    std::unique_ptr<WindowWorkers> ending; // its threads end after the lock is released
    {
        const std::lock_guard lock(idle.mutex);
        if (idle.sets.size() >= kIdleSets) {
            ending = std::move(idle.sets.front()); // the longest idle
            idle.sets.erase(idle.sets.begin());
        }
        idle.sets.push_back(std::move(m_workers));
    }
}

} // namespace engine::timing

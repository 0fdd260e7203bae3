#pragma once

#include "engine/simt/execution_observer.h"
#include "engine/trace/trace_events.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace engine {

/// Keeps the memory requests of one block of a launch whole — each with its lane addresses and what the
/// generation's rules made of it — for the trace store's `memory_requests`, which the per-launch and per-PC
/// counters cannot replace: which lanes went to which sectors or banks. Block 0, because every launch has
/// it and, in the timing model, it is the first block on SM 0. Events of other blocks are ignored without
/// touching the sampler's state, so several executor threads may report to it while block 0 runs on one.
class RequestSampler {
public:
    static constexpr std::size_t kMaxRequests = 4096;

    /// A global or shared request of `event`, with the transactions, sectors and passes it took.
    void add(const simt::MemoryEvent& event, std::uint32_t transactions, std::uint32_t sectors, std::uint32_t wavefronts,
        std::uint32_t bytes);

    /// Appends the requests kept here to `target` (up to its kMaxRequests) and forgets them: a block run apart
    /// from its launch's recorder (timing/speculative_slot.h), committed.
    void moveInto(RequestSampler& target);
    void clear();

    const std::vector<MemoryRequest>& requests() const { return m_requests; }
    const std::vector<LaneAddresses>& lanes() const { return m_lanes; }

private:
    std::vector<MemoryRequest> m_requests;
    std::vector<LaneAddresses> m_lanes;
};

} // namespace engine

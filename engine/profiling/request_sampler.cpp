#include "engine/profiling/request_sampler.h"

#include <algorithm>
#include <bit>

namespace engine {

void RequestSampler::add(const simt::MemoryEvent& event, std::uint32_t transactions, std::uint32_t sectors,
    std::uint32_t wavefronts, std::uint32_t bytes)
{
    if (event.warp.blockLinear != 0 || m_requests.size() >= kMaxRequests || !event.laneAddresses)
        return;
    if (m_requests.capacity() == 0) {
        // Room for the most a launch keeps, once: growing by doubling copied every kept request again, 264 bytes of
        // lane addresses each. Only the pages written are touched.
        m_requests.reserve(kMaxRequests);
        m_lanes.reserve(kMaxRequests);
    }
    MemoryRequest request;
    request.issueCycle = 0; // functional order: the requests keep the order the block issued them in
    request.pc = Pc(event.pc);
    request.block = BlockId(0);
    request.sm = SmId(0);
    request.warp = WarpId(static_cast<std::uint16_t>(event.warp.warp));
    request.space = event.space == simt::MemorySpace::Shared ? RequestSpace::Shared : RequestSpace::Global;
    request.kind = event.op == simt::MemoryOp::Store ? RequestKind::Store : RequestKind::Load;
    request.bytes = bytes;
    request.transactions = transactions;
    request.sectors = sectors;
    request.conflictDegree = static_cast<std::uint8_t>(std::min<std::uint32_t>(std::max(1u, wavefronts), 255));
    request.laneAddressIndex = static_cast<std::uint32_t>(m_lanes.size());
    LaneAddresses& lanes = m_lanes.emplace_back(); // written in place: no 264-byte temporary to copy
    lanes.activeMask = event.activeMask;
    lanes.address = *event.laneAddresses;
    for (std::uint32_t off = ~event.activeMask; off != 0; off &= off - 1) // most requests have every lane
        lanes.address[static_cast<std::size_t>(std::countr_zero(off))] = 0;
    m_requests.push_back(request);
}

void RequestSampler::moveInto(RequestSampler& target)
{
    for (const MemoryRequest& request : m_requests) {
        if (target.m_requests.size() >= kMaxRequests)
            break;
        MemoryRequest moved = request;
        moved.laneAddressIndex = static_cast<std::uint32_t>(target.m_lanes.size());
        target.m_lanes.push_back(m_lanes[request.laneAddressIndex]);
        target.m_requests.push_back(moved);
    }
    clear();
}

void RequestSampler::clear()
{
    m_requests.clear();
    m_lanes.clear();
}

} // namespace engine

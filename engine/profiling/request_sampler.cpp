#include "engine/profiling/request_sampler.h"

#include <algorithm>

namespace engine {

void RequestSampler::add(const simt::MemoryEvent& event, std::uint32_t transactions, std::uint32_t sectors,
    std::uint32_t wavefronts, std::uint32_t bytes)
{
    if (event.warp.blockLinear != 0 || m_requests.size() >= kMaxRequests || !event.laneAddresses)
        return;
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
    LaneAddresses lanes;
    lanes.activeMask = event.activeMask;
    for (std::size_t lane = 0; lane < lanes.address.size(); ++lane)
        lanes.address[lane] = (event.activeMask >> lane) & 1u ? (*event.laneAddresses)[lane] : 0;
    request.laneAddressIndex = static_cast<std::uint32_t>(m_lanes.size());
    m_lanes.push_back(lanes);
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

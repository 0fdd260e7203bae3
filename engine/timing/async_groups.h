#pragma once

#include <array>
#include <cstdint>

namespace engine::timing {

/// The asynchronous-copy groups of one warp in the timing model (PTX ISA 8.5 §9.7.9.25.3.3-5
/// cp.async.commit_group / wait_group / wait_all, §9.7.9.25.4.2-3 the bulk groups): the copies issued since the
/// last commit form the open group; commit closes it; wait_group N lets the warp go on once every committed
/// group but the newest N has completed. A copy's completion is the cycle its data arrive (the load's ready
/// cycle), so the warp computes meanwhile — the overlap a double buffer is written for.
class AsyncGroups {
public:
    /// A copy of the open group that completes at `cycle`.
    void add(std::uint64_t cycle) { m_open = m_open > cycle ? m_open : cycle; }
    /// commit_group: the open group (empty or not) becomes the newest committed group.
    void commit();
    /// wait_group N: the cycle by which every committed group but the newest `keep` has completed (0 when
    /// none is pending); those groups are gone afterwards.
    std::uint64_t wait(std::uint32_t keep);
    /// wait_all: every copy, committed or not (§9.7.9.25.3.5: as commit_group then wait_group 0).
    std::uint64_t waitAll();
    /// The latest completion of any copy still tracked (cp.async.mbarrier.arrive waits for all of them).
    std::uint64_t latest() const;

private:
    static constexpr std::uint32_t kTracked = 16; ///< more pending groups merge the oldest two (later, never earlier)

    std::array<std::uint64_t, kTracked> m_groups {}; ///< ring, oldest at m_first
    std::uint32_t m_first = 0;
    std::uint32_t m_count = 0;
    std::uint64_t m_open = 0;
};

} // namespace engine::timing

#pragma once

#include "engine/trace/trace_events.h"

#include <cstdint>
#include <vector>

namespace model {

/// Builds a launch's level-of-detail summary while its intervals stream past (on the writer thread):
/// per SM, the cycles spent in each warp state in kBucketCount equal time buckets. The bucket width
/// starts at one cycle and doubles (merging neighbours) whenever an interval ends past the last bucket,
/// so the launch's length need not be known in advance and each interval costs O(buckets it spans).
class IntervalSummaryBuilder {
public:
    static constexpr std::uint32_t kBucketCount = 2048;
    /// Launches with more intervals than this get their summary stored; the reader answers a window
    /// with at most this many intervals from the intervals themselves, so smaller launches need none.
    static constexpr std::uint64_t kMaxRawIntervals = 65536;

    void add(const engine::WarpInterval& interval);
    void clear();

    std::uint64_t bucketCycles() const { return m_bucketCycles; }
    std::uint64_t intervalCount() const { return m_count; }
    std::uint64_t maxIntervalCycles() const { return m_maxDuration; }
    std::uint64_t lastCycle() const { return m_lastCycle; }
    /// Index = SM id; an empty vector for an SM without intervals, else kBucketCount * kWarpStateCount
    /// cycle totals, bucket-major (saturating at 2^32 - 1).
    const std::vector<std::vector<std::uint32_t>>& rows() const { return m_rows; }

private:
    void widenTo(std::uint64_t endCycle);
    std::vector<std::uint32_t>& rowFor(std::uint16_t sm);

    std::vector<std::vector<std::uint32_t>> m_rows;
    std::uint64_t m_bucketCycles = 1;
    std::uint64_t m_count = 0;
    std::uint64_t m_maxDuration = 0;
    std::uint64_t m_lastCycle = 0;
};

} // namespace model

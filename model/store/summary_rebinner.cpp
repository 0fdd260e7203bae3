#include "model/store/summary_rebinner.h"

#include <algorithm>
#include <cstring>

namespace model {

SummaryRebinner::SummaryRebinner(std::uint64_t windowStart, std::uint64_t windowEnd, std::uint64_t columnCycles)
    : m_start(windowStart)
    , m_end(windowEnd)
    , m_columnCycles(std::max<std::uint64_t>(columnCycles, 1))
{
}

void SummaryRebinner::spread(std::vector<TimelineBucket>& row, std::uint64_t from, std::uint64_t to,
    std::size_t state, double cycles)
{
    // [from, to) is one summary bucket; its cycles are spread evenly over it.
    const double perCycle = cycles / static_cast<double>(to - from);
    const auto clippedFrom = std::max(from, m_start);
    const auto clippedTo = std::min(to, m_end);
    for (auto at = clippedFrom; at < clippedTo;) {
        const auto column = (at - m_start) / m_columnCycles;
        const auto columnEnd = std::min(clippedTo, m_start + (column + 1) * m_columnCycles);
        auto& bucket = row[column];
        bucket.stateCycles[state] += static_cast<std::uint64_t>(perCycle * static_cast<double>(columnEnd - at) + 0.5);
        at = columnEnd;
    }
}

void SummaryRebinner::addRow(engine::SmId sm, std::uint64_t bucketCycles, std::uint32_t stateCount,
    std::string_view cells)
{
    if (m_end <= m_start || bucketCycles == 0 || stateCount == 0)
        return;
    const auto columns = (m_end - m_start + m_columnCycles - 1) / m_columnCycles;
    std::vector<TimelineBucket> row(columns);
    for (std::size_t c = 0; c < columns; ++c)
        row[c] = TimelineBucket { sm, m_start + c * m_columnCycles, std::min(m_end, m_start + (c + 1) * m_columnCycles), {} };
    const auto bucketCount = cells.size() / (sizeof(std::uint32_t) * stateCount);
    const auto firstBucket = m_start / bucketCycles;
    const auto states = std::min<std::size_t>(stateCount, engine::kWarpStateCount);
    for (auto bucket = firstBucket; bucket < bucketCount && bucket * bucketCycles < m_end; ++bucket) {
        for (std::size_t state = 0; state < states; ++state) {
            std::uint32_t value = 0;
            std::memcpy(&value, cells.data() + (bucket * stateCount + state) * sizeof value, sizeof value);
            if (value != 0)
                spread(row, bucket * bucketCycles, (bucket + 1) * bucketCycles, state, value);
        }
    }
    for (auto& bucket : row) {
        const bool empty = std::all_of(bucket.stateCycles.begin(), bucket.stateCycles.end(), [](auto c) { return c == 0; });
        if (!empty)
            m_buckets.push_back(bucket);
    }
}

} // namespace model

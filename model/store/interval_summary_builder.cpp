#include "model/store/interval_summary_builder.h"

#include <algorithm>
#include <limits>

namespace model {

namespace {

constexpr std::size_t kStates = engine::kWarpStateCount;

void addSaturating(std::uint32_t& cell, std::uint64_t cycles)
{
    const auto sum = std::uint64_t { cell } + cycles;
    cell = static_cast<std::uint32_t>(std::min<std::uint64_t>(sum, std::numeric_limits<std::uint32_t>::max()));
}

} // namespace

void IntervalSummaryBuilder::clear()
{
    m_rows.clear();
    m_bucketCycles = 1;
    m_count = 0;
    m_maxDuration = 0;
    m_lastCycle = 0;
}

std::vector<std::uint32_t>& IntervalSummaryBuilder::rowFor(std::uint16_t sm)
{
    if (sm >= m_rows.size())
        m_rows.resize(std::size_t { sm } + 1);
    auto& row = m_rows[sm];
    if (row.empty())
        row.assign(std::size_t { kBucketCount } * kStates, 0);
    return row;
}

void IntervalSummaryBuilder::widenTo(std::uint64_t endCycle)
{
    while (endCycle > m_bucketCycles * kBucketCount) {
        // Bucket i of the doubled width holds old buckets 2i and 2i+1.
        for (auto& row : m_rows) {
            if (row.empty())
                continue;
            for (std::size_t bucket = 0; bucket < kBucketCount; ++bucket) {
                for (std::size_t state = 0; state < kStates; ++state) {
                    std::uint32_t merged = 0;
                    if (2 * bucket + 1 < kBucketCount) {
                        merged = row[2 * bucket * kStates + state];
                        addSaturating(merged, row[(2 * bucket + 1) * kStates + state]);
                    }
                    row[bucket * kStates + state] = merged;
                }
            }
        }
        m_bucketCycles *= 2;
    }
}

void IntervalSummaryBuilder::add(const engine::WarpInterval& interval)
{
    ++m_count;
    if (interval.endCycle <= interval.startCycle)
        return;
    m_maxDuration = std::max(m_maxDuration, interval.endCycle - interval.startCycle);
    m_lastCycle = std::max(m_lastCycle, interval.endCycle);
    widenTo(interval.endCycle);
    auto& row = rowFor(interval.sm.value);
    const auto state = static_cast<std::size_t>(interval.state);
    for (auto bucket = interval.startCycle / m_bucketCycles; bucket * m_bucketCycles < interval.endCycle; ++bucket) {
        const auto from = std::max(interval.startCycle, bucket * m_bucketCycles);
        const auto to = std::min(interval.endCycle, (bucket + 1) * m_bucketCycles);
        addSaturating(row[bucket * kStates + state], to - from);
    }
}

} // namespace model

#pragma once

#include "model/store/trace_snapshots.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace model {

/// Re-bins one SM's stored summary row (interval_summary) into the columns of a timeline window.
/// Output columns are `columnCycles` wide starting at the window's start; a summary bucket's cycles are
/// split between the columns (and the window) in proportion to the overlap, so totals are preserved
/// to within rounding. Reader thread.
class SummaryRebinner {
public:
    SummaryRebinner(std::uint64_t windowStart, std::uint64_t windowEnd, std::uint64_t columnCycles);

    /// `cells` is bucketCount * stateCount little-endian uint32 values, bucket-major.
    void addRow(engine::SmId sm, std::uint64_t bucketCycles, std::uint32_t stateCount, std::string_view cells);
    /// The non-empty buckets added so far, by SM then time.
    std::vector<TimelineBucket> take() { return std::move(m_buckets); }

private:
    void spread(std::vector<TimelineBucket>& row, std::uint64_t from, std::uint64_t to, std::size_t state,
        double cycles);

    std::uint64_t m_start;
    std::uint64_t m_end;
    std::uint64_t m_columnCycles;
    std::vector<TimelineBucket> m_buckets;
};

} // namespace model

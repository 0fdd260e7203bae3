#pragma once

#include "engine/trace/trace_events.h"
#include "engine/trace/trace_sink.h"

#include <cstdint>
#include <vector>

namespace engine::timing {

/// Collects warp state intervals for the SMs chosen for detail (DESIGN.md "Data": large launches record a
/// sampled subset; counters stay exact). At most `cap` intervals are kept (the rest are counted as
/// dropped). With a sink, intervals go to it in batches instead (the caller opened the launch on it).
class IntervalRecorder {
public:
    IntervalRecorder(std::uint32_t smCount, const std::vector<std::uint32_t>& sms, std::size_t cap, TraceSink* sink);

    bool records(std::uint32_t sm) const { return sm < m_recorded.size() && m_recorded[sm]; }
    void add(const WarpInterval& interval);
    /// Sends what is buffered to the sink (no-op without one).
    void flush();

    std::vector<WarpInterval>& kept() { return m_intervals; }
    std::uint64_t dropped() const { return m_dropped; }

private:
    static constexpr std::size_t kBatch = 4096;

    std::vector<bool> m_recorded;
    std::vector<WarpInterval> m_intervals;
    std::size_t m_cap;
    std::uint64_t m_emitted = 0;
    std::uint64_t m_dropped = 0;
    TraceSink* m_sink;
};

} // namespace engine::timing

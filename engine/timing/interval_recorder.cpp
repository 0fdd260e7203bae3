#include "engine/timing/interval_recorder.h"

namespace engine::timing {

IntervalRecorder::IntervalRecorder(std::uint32_t smCount, const std::vector<std::uint32_t>& sms, std::size_t cap,
    TraceSink* sink)
    : m_recorded(smCount, false)
    , m_cap(cap)
    , m_sink(sink)
{
    for (const std::uint32_t sm : sms) {
        if (sm < smCount)
            m_recorded[sm] = true;
    }
}

void IntervalRecorder::add(const WarpInterval& interval)
{
    if (interval.endCycle <= interval.startCycle)
        return;
    if (m_emitted >= m_cap) {
        ++m_dropped;
        return;
    }
    ++m_emitted;
    m_intervals.push_back(interval);
    if (m_sink && m_intervals.size() >= kBatch)
        flush();
}

void IntervalRecorder::flush()
{
    if (!m_sink || m_intervals.empty())
        return;
    m_sink->warpIntervals(m_intervals);
    m_intervals.clear();
}

} // namespace engine::timing

#include "engine/simt/printf_log.h"

namespace engine::simt {

void PrintfLog::append(PrintfLine line, std::uint64_t recordBytes)
{
    if (recordBytes > m_capacity) { // a record larger than the whole buffer never survives
        ++m_dropped;
        return;
    }
    while (m_used + recordBytes > m_capacity) {
        m_used -= m_sizes.front();
        m_sizes.pop_front();
        m_lines.pop_front();
        ++m_dropped;
    }
    m_used += recordBytes;
    m_sizes.push_back(recordBytes);
    m_lines.push_back(std::move(line));
}

} // namespace engine::simt

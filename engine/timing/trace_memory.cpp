#include "engine/timing/trace_memory.h"

#include <algorithm>
#include <unistd.h>

namespace engine::timing {

std::uint64_t traceBytes(const std::vector<WarpTrace>& traces)
{
    std::uint64_t bytes = 0;
    for (const WarpTrace& trace : traces)
        bytes += trace.ops.capacity() * sizeof(TraceOp) + trace.txns.capacity() * sizeof(MemTxn);
    return bytes;
}

std::uint64_t defaultTraceBytesLimit(unsigned concurrentLaunches)
{
    constexpr std::uint64_t kCeiling = std::uint64_t {4} << 30;
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long pageBytes = ::sysconf(_SC_PAGESIZE);
    const std::uint64_t physical = pages > 0 && pageBytes > 0
        ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageBytes)
        : kCeiling * 4;
    return std::min(kCeiling, physical / 4) / std::max(1u, concurrentLaunches);
}

} // namespace engine::timing

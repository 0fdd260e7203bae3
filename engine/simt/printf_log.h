#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <string>

namespace engine::simt {

/// One device printf call: who made it and the text the host printed for it.
struct PrintfLine {
    std::array<std::uint32_t, 3> block {}; ///< %ctaid
    std::uint64_t blockLinear = 0;
    std::array<std::uint32_t, 3> thread {}; ///< %tid
    std::uint32_t warp = 0; ///< warp index in the block
    std::uint32_t lane = 0;
    std::string text;
};

/// The launch's printf buffer. The CUDA C++ Programming Guide ("Formatted Output", "Limitations") makes
/// it fixed-size (cudaLimitPrintfFifoSize, 1 MB by default, set with cudaDeviceSetLimit) and circular: when
/// a launch prints more than fits, older output is overwritten. PrintfLog keeps the newest lines whose
/// records fit in the capacity and counts the ones it dropped.
///
/// A record's size is modeled as a 16-byte header (the format's address and the record length) plus
/// 8 bytes per argument plus the bytes of every %s string it copies, rounded up to 8. Order: lines
/// appear in the order the functional executor completed the calls (the guide leaves the order across
/// threads unspecified): warp by warp as the scheduler ran them, lanes in ascending order within one call.
/// Lives on the thread that runs the launch.
class PrintfLog {
public:
    static constexpr std::uint64_t kDefaultFifoBytes = std::uint64_t {1} << 20; ///< cudaLimitPrintfFifoSize

    explicit PrintfLog(std::uint64_t capacityBytes = kDefaultFifoBytes)
        : m_capacity(capacityBytes)
    { }

    /// Appends a line whose record is `recordBytes` long, dropping the oldest lines while it does not fit.
    void append(PrintfLine line, std::uint64_t recordBytes);

    const std::deque<PrintfLine>& lines() const { return m_lines; }
    std::uint64_t droppedLines() const { return m_dropped; }
    std::uint64_t usedBytes() const { return m_used; }
    std::uint64_t capacityBytes() const { return m_capacity; }

private:
    std::uint64_t m_capacity;
    std::uint64_t m_used = 0;
    std::uint64_t m_dropped = 0;
    std::deque<PrintfLine> m_lines;
    std::deque<std::uint64_t> m_sizes;
};

} // namespace engine::simt

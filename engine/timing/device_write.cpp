// MemoryHierarchy::deviceWrite: a copy engine's bytes kept in the L2, the L2's sets shared among threads.
#include "engine/timing/memory_hierarchy.h"

#include "engine/common/parallel_chunks.h"

#include <algorithm>

namespace engine::timing {

namespace {

    /// Lines of a device write below which one thread takes them all: threads cost tens of microseconds to start, a
    /// line a few tens of nanoseconds.
    constexpr std::uint64_t kSharedWriteLines = 16384;

    /// An eviction a share's line caused, which DRAM sees in the lines' order.
    struct WriteBack {
        std::uint64_t line = 0; ///< its index among the write's lines
        std::uint32_t fillBytes = 0;
        std::uint32_t bytes = 0;
    };

    struct alignas(kThreadPrivateAlign) WriteShare {
        L2Cache::Pass pass;
        std::vector<WriteBack> writeBacks;
    };

} // namespace

void MemoryHierarchy::deviceWrite(std::uint64_t address, std::uint64_t bytes, unsigned threads)
{
    if (!m_l2.enabled() || bytes == 0)
        return;
    const std::uint64_t end = address + bytes;
    const auto capacity = static_cast<std::uint64_t>(m_profile.caches.l2Bytes);
    const std::uint64_t begin = bytes > capacity ? end - capacity : address;
    const std::uint64_t lineBytes = static_cast<std::uint64_t>(std::max(32, m_profile.caches.l2LineBytes));
    const std::uint64_t first = begin / lineBytes * lineBytes;
    const std::uint64_t lines = (end - first + lineBytes - 1) / lineBytes;
    const auto sectorsOf = [&](std::uint64_t line) {
        std::uint8_t sectors = 0;
        for (std::uint64_t sector = 0; sector * 32 < lineBytes && sector < 8; ++sector) {
            if (std::max(begin, line + sector * 32) < std::min(end, line + sector * 32 + 32))
                sectors = static_cast<std::uint8_t>(sectors | (1u << sector));
        }
        return sectors;
    };
    // The line becomes valid and clean, as a fill does, without a DRAM read: the copy brought the bytes.
    const auto keep = [&](std::uint64_t i) {
        const std::uint64_t line = first + i * lineBytes;
        writeBack(m_l2.read(line, sectorsOf(line), 0), 0);
    };
    std::uint64_t shared = 0; // lines [0, shared) go to the shares
    if (threads > 1 && lines >= kSharedWriteLines) {
        // A set's lines arrive in the write's order whichever thread owns the set, and recency is a set's own
        // (sector_cache.h), so the L2 ends as one thread leaves it; evictions reach DRAM, whose queue depends on
        // the order, in the lines' order below.
        shared = lines - 1; // the last line on this thread, after the others: the L2's last read, as one thread's
        const l2pass::SetShares sets(m_l2.sets(), threads);
        std::vector<WriteShare> shares(threads);
        forEachChunk(threads, threads, 1, [&](std::size_t from, std::size_t to) {
            for (std::size_t p = from; p < to; ++p) {
                WriteShare& share = shares[p];
                share.pass = m_l2.beginPass();
                for (std::uint64_t i = 0; i < shared; ++i) {
                    const std::uint64_t line = first + i * lineBytes;
                    if (sets.shareOf(m_l2.setIndex(line)) != p)
                        continue;
                    const L2Outcome out = m_l2.read(line, sectorsOf(line), 0, share.pass);
                    if (out.writebackFillBytes != 0 || out.writebackBytes != 0)
                        share.writeBacks.push_back(WriteBack { i, out.writebackFillBytes, out.writebackBytes });
                }
            }
        });
        std::vector<WriteBack> all;
        for (const WriteShare& share : shares) {
            m_l2.endPass(share.pass);
            all.insert(all.end(), share.writeBacks.begin(), share.writeBacks.end());
        }
        std::sort(all.begin(), all.end(), [](const WriteBack& a, const WriteBack& b) { return a.line < b.line; });
        for (const WriteBack& back : all) {
            L2Outcome out;
            out.writebackFillBytes = back.fillBytes;
            out.writebackBytes = back.bytes;
            writeBack(out, 0);
        }
    }
    for (std::uint64_t i = shared; i < lines; ++i)
        keep(i);
}

} // namespace engine::timing

#include "engine/simt/write_overlay.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace engine::simt {

namespace {

    /// Calls f(word, mask) for the 64-bit words of bits that [offset, offset + size) of a page covers.
    template <typename F>
    void forBits(std::uint64_t offset, std::uint64_t size, F&& f)
    {
        while (size > 0) {
            const std::uint64_t bit = offset % 64;
            const std::uint64_t n = std::min<std::uint64_t>(size, 64 - bit);
            const std::uint64_t mask = n == 64 ? ~std::uint64_t { 0 } : ((std::uint64_t { 1 } << n) - 1) << bit;
            f(static_cast<std::size_t>(offset / 64), mask);
            offset += n;
            size -= n;
        }
    }

    bool holds(const std::vector<std::uint64_t>& addresses, std::uint64_t address)
    {
        return std::find(addresses.begin(), addresses.end(), address) != addresses.end();
    }

    /// Calls f(first, count) for each run of set bits of `bits`, runs across words whole: a warp's coalesced store
    /// sets whole words, and a block's pages are copied back with one call each instead of one per word.
    template <typename F>
    void forEachRun(const PageBits& bits, F&& f)
    {
        constexpr std::size_t kNone = ~std::size_t { 0 };
        std::size_t open = kNone; // the first bit of the run not yet ended
        for (std::size_t w = 0; w < bits.words.size(); ++w) {
            const std::uint64_t mask = bits.words[w];
            int at = 0;
            while (at < 64) {
                const std::uint64_t rest = mask >> at;
                if (open != kNone) { // the run goes on through the ones from `at`
                    at += std::countr_one(rest);
                    if (at == 64)
                        break;
                    f(open, w * 64 + static_cast<std::size_t>(at) - open);
                    open = kNone;
                } else if (rest == 0) {
                    break;
                } else {
                    at += std::countr_zero(rest);
                    open = w * 64 + static_cast<std::size_t>(at);
                }
            }
        }
        if (open != kNone)
            f(open, bits.words.size() * 64 - open);
    }

} // namespace

WriteOverlay::Page& WriteOverlay::page(Allocation& a, std::uint64_t start)
{
    const std::uint64_t key = a.address + start;
    if (key == m_lastKey)
        return m_pages[m_last];
    auto [it, added] = m_index.try_emplace(key, static_cast<std::uint32_t>(m_used));
    if (added) {
        if (m_used == m_pages.size())
            m_pages.emplace_back();
        Page& p = m_pages[m_used++];
        m_lowest = std::min(m_lowest, key);
        m_highest = std::max(m_highest, key);
        p.allocation = &a;
        p.start = start;
        p.read = {};
        p.written = {};
        p.copied = false; // the copy's storage stays for the next block
        p.complete = false;
    }
    m_lastKey = key;
    m_last = it->second;
    return m_pages[m_last];
}

bool WriteOverlay::readsWhole(const Allocation& a)
{
    if (&a == m_lastWhole)
        return true;
    if (!m_known || holds(m_wrote, a.address) || holds(*m_known, a.address))
        return false;
    if (!holds(m_readWhole, a.address))
        m_readWhole.push_back(a.address);
    m_lastWhole = &a;
    return true;
}

std::uint8_t* WriteOverlay::access(Allocation& a, std::uint64_t offset, std::uint32_t size, MemoryOp op)
{
    if (op == MemoryOp::Load && readsWhole(a))
        return a.bytes.data() + offset;
    const std::uint64_t start = offset - offset % kPageBytes;
    const std::uint64_t inPage = offset - start;
    if (inPage + size > kPageBytes) {
        m_abandoned = true;
        if (op == MemoryOp::Load)
            return a.bytes.data() + offset;
        m_scratch.resize(size);
        return m_scratch.data();
    }
    Page& p = page(a, start);
    if (op != MemoryOp::Store) {
        forBits(inPage, size,
            [&](std::size_t w, std::uint64_t mask) { p.read.words[w] |= mask & ~p.written.words[w]; });
    }
    std::uint8_t* const base = pageBase(p, a, op);
    if (op != MemoryOp::Load)
        forBits(inPage, size, [&](std::size_t w, std::uint64_t mask) { p.written.words[w] |= mask; });
    return base + inPage;
}

void WriteOverlay::accessLanes(Allocation& a, const std::array<std::uint64_t, 32>& offsets, std::uint32_t mask,
    std::uint32_t size, MemoryOp op, std::array<std::uint8_t*, 32>& pointers)
{
    if (op == MemoryOp::Load && readsWhole(a)) {
        for (std::size_t l = 0; l < offsets.size(); ++l)
            pointers[l] = ((mask >> l) & 1u) != 0 ? a.bytes.data() + offsets[l] : nullptr;
        return;
    }
    if (size > 64 || !std::has_single_bit(size)) {
        for (std::size_t l = 0; l < offsets.size(); ++l)
            pointers[l] = ((mask >> l) & 1u) != 0 ? access(a, offsets[l], size, op) : nullptr;
        return;
    }
    if (mask == ~std::uint32_t { 0 } && accessRow(a, offsets, size, op, pointers))
        return;
    // An aligned element of a power-of-two size up to 64 bytes lies in one page, and in one word of its bits.
    const std::uint64_t ones = size == 64 ? ~std::uint64_t { 0 } : (std::uint64_t { 1 } << size) - 1;
    std::uint64_t start = ~std::uint64_t { 0 }; // the page of the lanes before, looked up again only when it changes
    Page* p = nullptr;
    std::uint8_t* base = nullptr;
    for (std::size_t l = 0; l < offsets.size(); ++l) {
        if (((mask >> l) & 1u) == 0) {
            pointers[l] = nullptr;
            continue;
        }
        if (p == nullptr || offsets[l] - start >= kPageBytes) {
            start = offsets[l] - offsets[l] % kPageBytes;
            p = &page(a, start);
            base = pageBase(*p, a, op);
        }
        const std::uint64_t inPage = offsets[l] - start;
        const std::size_t w = inPage / 64;
        const std::uint64_t bits = ones << (inPage % 64);
        if (op != MemoryOp::Store)
            p->read.words[w] |= bits & ~p->written.words[w];
        if (op != MemoryOp::Load)
            p->written.words[w] |= bits;
        pointers[l] = base + inPage;
    }
}

bool WriteOverlay::accessRow(Allocation& a, const std::array<std::uint64_t, 32>& offsets, std::uint32_t size,
    MemoryOp op, std::array<std::uint8_t*, 32>& pointers)
{
    const std::uint64_t first = offsets[0];
    bool row = true;
    for (std::size_t l = 1; l < offsets.size(); ++l)
        row &= offsets[l] == first + l * size;
    const std::uint64_t start = first - first % kPageBytes;
    const std::uint64_t inPage = first - start;
    const std::uint64_t bytes = std::uint64_t { size } * offsets.size();
    if (!row || inPage + bytes > kPageBytes)
        return false;
    Page& p = page(a, start);
    std::uint8_t* const base = pageBase(p, a, op) + inPage;
    // The lanes' bytes do not overlap: marking the reads of all before the writes of all marks what lane by lane does.
    if (op != MemoryOp::Store)
        forBits(inPage, bytes, [&](std::size_t w, std::uint64_t m) { p.read.words[w] |= m & ~p.written.words[w]; });
    if (op != MemoryOp::Load)
        forBits(inPage, bytes, [&](std::size_t w, std::uint64_t m) { p.written.words[w] |= m; });
    for (std::size_t l = 0; l < pointers.size(); ++l)
        pointers[l] = base + l * size;
    return true;
}

std::uint8_t* WriteOverlay::pageBase(Page& p, Allocation& a, MemoryOp op)
{
    if (op != MemoryOp::Load && !p.copied) {
        // The copy's bytes are the block's stores only, until something reads it (complete()): a block that only
        // writes a page (a copy's destination, a matrix product's tile) never reads the memory under its stores.
        m_copied.push_back(m_last);
        p.copied = true;
        if (!holds(m_wrote, a.address)) { // loads of `a` are marked from now on (readsWhole)
            m_wrote.push_back(a.address);
            m_lastWhole = m_lastWhole == &a ? nullptr : m_lastWhole;
        }
        if (p.copy.size() != kPageBytes)
            p.copy.resize(kPageBytes);
    }
    if (!p.copied)
        return a.bytes.data() + p.start;
    if (op != MemoryOp::Store && !p.complete)
        complete(p, a);
    return p.copy.data();
}

void WriteOverlay::complete(Page& p, const Allocation& a)
{
    const std::uint64_t inside = std::min(kPageBytes, a.sizeBytes - p.start); // the last page may be short
    PageBits unwritten;
    for (std::size_t w = 0; w < unwritten.words.size(); ++w)
        unwritten.words[w] = ~p.written.words[w];
    forEachRun(unwritten, [&](std::size_t at, std::size_t bytes) {
        if (at < inside)
            std::memcpy(p.copy.data() + at, a.bytes.data() + p.start + at, std::min<std::uint64_t>(bytes, inside - at));
    });
    p.complete = true;
}

bool WriteOverlay::readsAny(const WrittenPages& written) const
{
    for (const std::uint64_t whole : m_readWhole) {
        if (holds(written.allocations, whole))
            return true;
    }
    if (m_highest < written.lowest || m_lowest > written.highest)
        return false;
    for (std::size_t i = 0; i < m_used; ++i) {
        const Page& p = m_pages[i];
        const std::uint64_t key = p.allocation->address + p.start;
        if (key < written.lowest || key > written.highest)
            continue;
        const auto it = written.pages.find(key);
        if (it == written.pages.end())
            continue;
        for (std::size_t w = 0; w < p.read.words.size(); ++w) {
            if ((p.read.words[w] & it->second.words[w]) != 0)
                return true;
        }
    }
    return false;
}

void WriteOverlay::addWrites(WrittenPages& written) const
{
    for (const std::uint32_t i : m_copied) {
        const Page& p = m_pages[i];
        const std::uint64_t key = p.allocation->address + p.start;
        PageBits& all = written.pages[key];
        written.lowest = std::min(written.lowest, key);
        written.highest = std::max(written.highest, key);
        if (!holds(written.allocations, p.allocation->address))
            written.allocations.push_back(p.allocation->address);
        for (std::size_t w = 0; w < p.written.words.size(); ++w)
            all.words[w] |= p.written.words[w];
    }
}

void WriteOverlay::writeBack() const
{
    for (const std::uint32_t i : m_copied) {
        const Page& p = m_pages[i];
        std::uint8_t* target = p.allocation->bytes.data() + p.start;
        forEachRun(p.written,
            [&](std::size_t at, std::size_t bytes) { std::memcpy(target + at, p.copy.data() + at, bytes); });
    }
}

void WriteOverlay::clear()
{
    m_index.clear();
    m_used = 0;
    m_copied.clear();
    m_lowest = ~std::uint64_t { 0 };
    m_highest = 0;
    m_lastKey = ~std::uint64_t { 0 };
    m_abandoned = false;
    m_known = nullptr;
    m_readWhole.clear();
    m_wrote.clear();
    m_lastWhole = nullptr;
}

} // namespace engine::simt

#include "engine/timing/memory_hierarchy.h"

#include "engine/timing/sector_mask.h"

#include <algorithm>
#include <bit>

namespace engine::timing {

void MemoryTraffic::addDifference(const MemoryTraffic& after, const MemoryTraffic& before)
{
    dramBytesRead += after.dramBytesRead - before.dramBytesRead;
    dramBytesWritten += after.dramBytesWritten - before.dramBytesWritten;
    caches.l1HitSectors += after.caches.l1HitSectors - before.caches.l1HitSectors;
    caches.l1MissSectors += after.caches.l1MissSectors - before.caches.l1MissSectors;
    caches.l2HitSectors += after.caches.l2HitSectors - before.caches.l2HitSectors;
    caches.l2MissSectors += after.caches.l2MissSectors - before.caches.l2MissSectors;
}

void MemoryTraffic::add(const MemoryTraffic& other)
{
    addDifference(other, MemoryTraffic {});
}

std::uint64_t l1DataBytes(const DeviceProfile& profile, std::uint64_t sharedBytesPerSm)
{
    const auto l1 = static_cast<std::uint64_t>(profile.caches.l1Bytes);
    const auto maxShared = static_cast<std::uint64_t>(profile.limits.sharedMemoryPerSmBytes);
    if (l1 <= maxShared)
        return l1;
    // The carve-out goes in 8 KB steps (CUDA C++ Programming Guide, "Shared Memory" for CC 8.x/9.0 lists
    // 0, 8, 16, 32, 64, 100, ... KB); rounding up to 8 KB approximates the driver's choice.
    const std::uint64_t carve = std::min(maxShared, (sharedBytesPerSm + 8191) / 8192 * 8192);
    return l1 - carve;
}

MemoryHierarchy::MemoryHierarchy(const DeviceProfile& profile)
    : m_profile(profile)
    , m_l2(static_cast<std::uint64_t>(profile.caches.l2Bytes),
          static_cast<std::uint32_t>(std::max(32, profile.caches.l2LineBytes)),
          static_cast<std::uint32_t>(profile.timing.l2Ways), static_cast<std::uint32_t>(profile.timing.l2FetchBytes))
    , m_dram(profile)
    , m_atomicUnits(profile.timing)
{
}

void MemoryHierarchy::beginLaunch(std::uint64_t l1DataBytes)
{
    // Empty L1s, each built at its SM's first load (loadingL1): a launch of a few blocks on a 132-SM device
    // pays for the L1s it uses, not for clearing 132 of them.
    m_l1.clear();
    m_l1.resize(static_cast<std::size_t>(m_profile.smCount));
    const auto ways = static_cast<std::uint64_t>(std::max(1, m_profile.timing.l1Ways));
    const std::uint64_t setBytes = std::uint64_t { l1LineBytes() } * ways;
    m_l1Bytes = l1DataBytes / setBytes != 0 ? l1DataBytes : 0; // less than one set: no L1 this launch
    m_dram.resetQueue();
    m_atomicUnits.clear();
    m_l2.beginLaunch();
    m_counters = CacheCounters {};
    m_deferring = false; // the queues stay for the next launch that defers (deferBelowL1)
    m_dramReadAtLaunch = m_dram.bytesRead();
    m_dramWrittenAtLaunch = m_dram.bytesWritten();
}

std::uint32_t MemoryHierarchy::l1LineBytes() const
{
    return static_cast<std::uint32_t>(std::max(32, m_profile.caches.l1LineBytes));
}

L1Cache& MemoryHierarchy::loadingL1(std::uint32_t sm)
{
    L1Cache& l1 = m_l1[sm];
    if (!l1.enabled() && m_l1Bytes != 0) {
        const auto sector = static_cast<std::uint32_t>(std::max(32, m_profile.caches.l1SectorBytes));
        l1 = L1Cache(m_l1Bytes, l1LineBytes(), sector, static_cast<std::uint32_t>(m_profile.timing.l1Ways));
    }
    return l1;
}

void MemoryHierarchy::writeBack(const L2Outcome& outcome, std::uint64_t now)
{
    if (outcome.writebackFillBytes)
        (void)m_dram.read(now, outcome.writebackFillBytes);
    if (outcome.writebackBytes)
        m_dram.write(now, outcome.writebackBytes);
}

void countL2Read(CacheCounters& counters, const L2Outcome& out)
{
    // A sector whose fill is in flight counts as a hit, as its tag is there: ncu's L2 hit rates of the matrix
    // kernels, whose warps on many SMs ask for the same tiles at once, are 93-99 % (docs/cache_hits_h100.md).
    counters.l2HitSectors += std::uint64_t { sectorCount(out.hitSectors) } + sectorCount(out.waitingSectors);
    counters.l2MissSectors += std::uint64_t { sectorCount(out.fillSectors) };
}

std::uint64_t MemoryHierarchy::finishRead(
    const L2Outcome& out, std::uint64_t now, std::uint64_t waitedFill, std::uint64_t& fillDone)
{
    writeBack(out, now);
    std::uint64_t done = now + static_cast<std::uint64_t>(m_profile.timing.l2HitLatencyCycles);
    if (out.fillSectors) {
        done = m_dram.read(now, sectorBytes(out.fetchSectors));
        fillDone = done;
    }
    if (out.waitingSectors)
        done = std::max(done, waitedFill);
    return done;
}

std::uint64_t MemoryHierarchy::readL2(const MemTxn& txn, std::uint8_t sectors, std::uint64_t now)
{
    const L2Outcome out = m_l2.read(txn.address, sectors, now);
    countL2Read(m_counters, out);
    std::uint64_t fillDone = 0;
    const std::uint64_t done = finishRead(out, now, out.fillArrives, fillDone);
    if (out.fillSectors)
        m_l2.fillArrivesAt(fillDone);
    return done;
}

CacheCounters MemoryHierarchy::counters() const
{
    CacheCounters sum = m_counters;
    for (const WindowRequests& window : m_windows) {
        if (!m_deferring || window.launch != m_launch)
            continue; // not this launch's: an SM it has not used, or every SM of an earlier launch
        sum.l1HitSectors += window.l1.l1HitSectors;
        sum.l1MissSectors += window.l1.l1MissSectors;
    }
    return sum;
}

std::uint64_t MemoryHierarchy::load(std::uint32_t sm, std::span<const MemTxn> txns, std::uint64_t now, bool viaL1)
{
    if (m_deferring)
        return loadDeferred(sm, txns, now, viaL1);
    std::uint64_t done = now + 1;
    for (const MemTxn& t : txns) {
        if (!m_l2.enabled()) { // CC 1.x: every segment goes to DRAM (programming-guide-0.8.2.txt §3.1)
            done = std::max(done, m_dram.read(now, t.bytes));
            continue;
        }
        std::uint8_t fetch = t.sectors;
        if (viaL1 && loadingL1(sm).enabled()) {
            const auto access = m_l1[sm].load(t.address, t.sectors, now);
            const auto missing = static_cast<std::uint8_t>(t.sectors & ~access.hit);
            m_counters.l1HitSectors += std::uint64_t { sectorCount(access.hit) };
            m_counters.l1MissSectors += std::uint64_t { sectorCount(missing) };
            done = std::max(done, now + static_cast<std::uint64_t>(m_profile.timing.l1HitLatencyCycles));
            if (access.waiting != 0)
                done = std::max(done, access.fillArrives);
            if (missing == 0)
                continue;
            fetch = access.fill; // whole L1 sectors: the full 128-byte line on CC 2.x
            const std::uint64_t arrives = readL2(t, fetch, now);
            m_l1[sm].fillArrivesAt(arrives);
            done = std::max(done, arrives);
            continue;
        }
        done = std::max(done, readL2(t, fetch, now));
    }
    return done;
}

void MemoryHierarchy::prefetch(std::uint32_t sm, std::span<const MemTxn> txns, bool viaL1) const
{
    for (const MemTxn& t : txns) {
        if (viaL1)
            m_l1[sm].prefetch(t.address);
        if (!m_deferring) // else the L2 sees the access at the window's end, and its pass prefetches its own
            m_l2.prefetch(t.address);
    }
}

void MemoryHierarchy::storeL2(const MemTxn& t, std::uint64_t now)
{
    if (!m_l2.enabled()) {
        m_dram.write(now, t.bytes);
        return;
    }
    writeBack(m_l2.write(t.address, t.sectors, t.byteMasks), now);
}

void MemoryHierarchy::store(std::uint32_t sm, std::span<const MemTxn> txns, std::uint64_t now)
{
    if (m_deferring) {
        storeDeferred(sm, txns, now);
        return;
    }
    for (const MemTxn& t : txns) {
        if (m_l2.enabled() && m_l1[sm].enabled())
            m_l1[sm].store(t.address, t.sectors);
        storeL2(t, now);
    }
}

std::uint64_t MemoryHierarchy::atomicTxn(const MemTxn& t, std::uint64_t now, bool compareAndSwap)
{
    // The unit's queue and the request's own turn delay the result by as much.
    const std::uint64_t delay = m_atomicUnits.serve(t.address, t.atomicLanes, compareAndSwap, now) - now;
    if (!m_l2.enabled()) {
        const std::uint64_t done = m_dram.read(now, t.bytes) + delay;
        m_dram.write(now, t.bytes);
        return done;
    }
    const std::uint64_t done = readL2(t, t.sectors, now) + delay;
    constexpr std::array<std::uint32_t, 4> kWhole { 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu };
    writeBack(m_l2.write(t.address, t.sectors, kWhole), now); // the L2 holds the whole sectors after the read
    return done;
}

std::uint64_t MemoryHierarchy::atomic(std::uint32_t sm, std::span<const MemTxn> txns, std::uint64_t now, bool compareAndSwap)
{
    if (m_deferring)
        return atomicDeferred(sm, txns, now, compareAndSwap);
    std::uint64_t done = now + 1;
    for (const MemTxn& t : txns)
        done = std::max(done, atomicTxn(t, now, compareAndSwap));
    return done;
}

} // namespace engine::timing

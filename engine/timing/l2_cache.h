#pragma once

#include "engine/timing/sector_cache.h"

#include <array>
#include <cstdint>

namespace engine::timing {

/// What one L2 access needs from DRAM.
struct L2Outcome {
    std::uint8_t hitSectors = 0;
    std::uint8_t fillSectors = 0; ///< requested sectors that missed (the requester waits for them)
    std::uint8_t fetchSectors = 0; ///< what DRAM delivers for them: fillSectors widened to the fetch granularity
    /// Requested sectors already on their way from DRAM for an earlier miss: no new fetch, but the requester
    /// waits until `fillArrives` (counted as hits: the tag is there).
    std::uint8_t waitingSectors = 0;
    std::uint64_t fillArrives = 0;
    std::uint32_t writebackBytes = 0; ///< dirty bytes an eviction writes to DRAM
    std::uint32_t writebackFillBytes = 0; ///< bytes read first so partly written sectors can be written whole
};

/// The device-wide L2's policy: write-back with write-allocate that does not fetch (a store marks its
/// sectors dirty with the bytes it wrote); an eviction writes dirty 32-byte sectors to DRAM, and a sector
/// that was only partly written is first completed by a DRAM read (read-modify-write).
/// Sources: DIGEST §4.6 (L2 caches 32-byte segments on CC 2.x and later); the H100 measurement of
/// strideCopy at stride 2 (bench/hardware/h100/kernel_counters_ncu.csv): DRAM reads exceed the loaded
/// sectors by exactly the DRAM bytes written, as read-modify-write of half-written sectors predicts.
/// A read miss fetches whole aligned chunks of `fetchBytes` (the L2 fetch granularity, cudaLimitMaxL2FetchGranularity
/// in the CUDA Runtime API): with 64, a load that misses one sector also brings in its neighbour of the same
/// 64-byte half-line. On an H100 the driver's default is 64, and ncu's DRAM read bytes of strideCopy follow the
/// chunks at 32, 64 and 128 (bench/hardware/h100/l2_fetch/, docs/l2_fetch_h100.md).
/// [GAP] DIGEST §12.2: replacement (LRU here) and associativity are assumptions.
class L2Cache {
public:
    L2Cache() = default;
    L2Cache(std::uint64_t capacityBytes, std::uint32_t lineBytes, std::uint32_t ways, std::uint32_t fetchBytes = 32);

    /// A read at cycle `now` of the 32-byte sectors `sectorMask`; sectors not fully valid are filled from DRAM,
    /// in chunks of the fetch granularity (the chunk's other sectors become valid too, unless they already
    /// were). A sector whose fill is still on its way is not fetched again; the requester waits for that fill
    /// (waitingSectors).
    L2Outcome read(std::uint64_t lineAddress, std::uint8_t sectorMask, std::uint64_t now);
    /// The DRAM fill of the last read's fetchSectors arrives at `cycle`: until then they are in flight.
    void fillArrivesAt(std::uint64_t cycle);
    /// A new launch: cycles count from 0 again, and no fill of the last launch is in flight any more.
    void beginLaunch() { ++m_launch; }
    /// A write of `sectorMask` with the bytes `byteMasks` (per sector) written. Writes of several warps to
    /// one sector merge: once all 32 bytes were written, the sector is whole and needs no DRAM read.
    L2Outcome write(std::uint64_t lineAddress, std::uint8_t sectorMask, const std::array<std::uint32_t, 4>& byteMasks);
    bool enabled() const { return m_tags.enabled(); }

    /// One thread's share of a partitioned pass over the L2 (MemoryHierarchy::applyWindow): the lines it newly used, and
    /// the line the last access found, which the pass marks in flight itself (no fillArrivesAt).
    struct Pass {
        SectorCache::Usage usage;
        CacheLine* line = nullptr;
        bool allocated = false; ///< the last access took the line for a new tag
    };
    Pass beginPass() const { return Pass {}; }
    void endPass(const Pass& pass) { m_tags.merge(pass.usage); }
    /// read and write within a pass: only the sets of `lineAddress` change, so passes over disjoint sets may run
    /// on different threads.
    L2Outcome read(std::uint64_t lineAddress, std::uint8_t sectorMask, std::uint64_t now, Pass& pass);
    L2Outcome write(std::uint64_t lineAddress, std::uint8_t sectorMask, const std::array<std::uint32_t, 4>& byteMasks,
        Pass& pass);
    std::uint64_t setIndex(std::uint64_t lineAddress) const { return m_tags.setIndex(lineAddress); }
    std::uint64_t sets() const { return m_tags.sets(); }
    /// The launch a fill belongs to (CacheLine::fillLaunch).
    std::uint16_t launch() const { return m_launch; }
    double fill() const { return m_tags.fill(); }
    void prefetch(std::uint64_t lineAddress) const { m_tags.prefetch(lineAddress); }
    void prefetchSet(std::uint64_t set) const { m_tags.prefetchSet(set); } ///< the same, by setIndex
    void prefetchLine(std::uint64_t lineAddress) const { m_tags.prefetchLine(lineAddress); } ///< SectorCache's


private:
    CacheLine& lineFor(std::uint64_t lineAddress, L2Outcome& out, Pass& pass);

    SectorCache m_tags;
    std::uint32_t m_fetchSectors = 1; ///< sectors per fetch chunk: 1, 2 or 4 (never more than a line)
    CacheLine* m_lastRead = nullptr; ///< the line of the last read, for fillArrivesAt
    std::uint8_t m_lastFetch = 0;
    std::uint16_t m_launch = 0;
};

/// `mask` with every aligned group of `groupSectors` sectors that has one sector set filled in (groupSectors a
/// power of two of at most 8).
std::uint8_t widenToChunks(std::uint8_t mask, std::uint32_t groupSectors);

} // namespace engine::timing

#pragma once

#include "engine/device/device_profile.h"

#include <cstdint>

namespace engine::timing {

/// Device memory as one server that moves bytes at the theoretical bandwidth (best-practices-guide-v8.0.txt
/// §8.2.1: clock × bus width ÷ 8 × data rate) after a fixed latency. Requests are served first come, first
/// served, so when warps ask for more than the memory gives, later requests wait: the queue that makes a
/// streaming kernel bandwidth-bound. Traffic is counted in the device's access granularity (32-byte
/// sectors from CC 3.0 on, best-practices-guide-current.txt §9.2.1). Not thread-safe.
class DramModel {
public:
    DramModel() = default;
    explicit DramModel(const DeviceProfile& profile);

    /// A read of `bytes` asked for at cycle `now`; returns the cycle its data reaches the SM.
    std::uint64_t read(std::uint64_t now, std::uint32_t bytes);
    /// A write of `bytes` at `now` (a write-back or an uncached store): it takes bandwidth, nobody waits.
    void write(std::uint64_t now, std::uint32_t bytes);
    /// Forgets the queue (a new launch starts after the previous one drained); keeps the counters.
    void resetQueue() { m_freeAt = 0; }

    std::uint64_t bytesRead() const { return m_bytesRead; }
    std::uint64_t bytesWritten() const { return m_bytesWritten; }
    double bytesPerCycle() const { return m_bytesPerCycle; }
    std::uint32_t latencyCycles() const { return m_latencyCycles; }

private:
    std::uint32_t rounded(std::uint32_t bytes) const;
    double occupy(std::uint64_t now, std::uint32_t bytes);

    double m_bytesPerCycle = 1; ///< at the core clock
    std::uint32_t m_latencyCycles = 0;
    std::uint32_t m_accessBytes = 32;
    double m_freeAt = 0; ///< core cycle when the data bus finishes what it was given so far
    std::uint64_t m_bytesRead = 0;
    std::uint64_t m_bytesWritten = 0;
};

} // namespace engine::timing

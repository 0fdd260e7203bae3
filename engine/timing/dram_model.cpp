#include "engine/timing/dram_model.h"

#include <algorithm>
#include <cmath>

namespace engine::timing {

DramModel::DramModel(const DeviceProfile& profile)
    : m_latencyCycles(static_cast<std::uint32_t>(profile.timing.dramLatencyCycles))
    , m_accessBytes(static_cast<std::uint32_t>(std::max(1, profile.timing.dramAccessBytes)))
{
    // GB/s (10^9 bytes) over MHz (10^6 cycles) = 1000 × bytes per core cycle; ECC on GDDR takes its share, and
    // DRAM sustains the profile's measured fraction of the rest.
    m_bytesPerCycle = theoreticalBandwidthGBps(profile.memory) * eccBandwidthFactor(profile.memory)
        * profile.timing.dramSustainedFraction * 1000.0 / profile.coreClockMhz;
}

std::uint32_t DramModel::rounded(std::uint32_t bytes) const
{
    return (bytes + m_accessBytes - 1) / m_accessBytes * m_accessBytes;
}

double DramModel::occupy(std::uint64_t now, std::uint32_t bytes)
{
    m_freeAt = std::max(m_freeAt, static_cast<double>(now)) + bytes / m_bytesPerCycle;
    return m_freeAt;
}

std::uint64_t DramModel::read(std::uint64_t now, std::uint32_t bytes)
{
    bytes = rounded(bytes);
    m_bytesRead += bytes;
    const double done = occupy(now, bytes);
    return static_cast<std::uint64_t>(std::ceil(done)) + m_latencyCycles;
}

void DramModel::write(std::uint64_t now, std::uint32_t bytes)
{
    bytes = rounded(bytes);
    m_bytesWritten += bytes;
    occupy(now, bytes);
}

} // namespace engine::timing

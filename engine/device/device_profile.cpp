#include "engine/device/device_profile.h"

namespace engine {

double theoreticalBandwidthGBps(const MemorySpec& memory)
{
    // best-practices-guide-v8.0.txt §8.2.1 Theoretical Bandwidth Calculation:
    // (1.85 × 10^9 × (384 / 8) × 2) ÷ 10^9 = 177.6 GB/s for the Tesla M2090.
    return memory.clockMhz * 1e6 * (memory.busWidthBits / 8.0) * memory.dataRate / 1e9;
}

const char* toString(CoalescingGeneration generation)
{
    switch (generation) {
    case CoalescingGeneration::Cc10:
        return "cc10";
    case CoalescingGeneration::Cc12:
        return "cc12";
    case CoalescingGeneration::Cc20:
        return "cc20";
    case CoalescingGeneration::Sectored:
        return "sectored";
    }
    return "unknown";
}

std::vector<std::string> uncitedFields(const DeviceProfile& profile)
{
    std::vector<std::string> uncited;
    for (const auto& field : profile.fields) {
        bool cited = false;
        // A citation of "limits" covers "limits.max_warps_per_sm"; walk the key's prefixes.
        for (auto key = field; !key.empty() && !cited;) {
            cited = profile.sources.contains(key);
            const auto dot = key.rfind('.');
            key = dot == std::string::npos ? std::string() : key.substr(0, dot);
        }
        if (!cited)
            uncited.push_back(field);
    }
    return uncited;
}

} // namespace engine

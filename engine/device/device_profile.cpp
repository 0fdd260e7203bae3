#include "engine/device/device_profile.h"

namespace engine {

double theoreticalBandwidthGBps(const MemorySpec& memory)
{
    // best-practices-guide-v8.0.txt §8.2.1 Theoretical Bandwidth Calculation:
    // (1.85 × 10^9 × (384 / 8) × 2) ÷ 10^9 = 177.6 GB/s for the Tesla M2090.
    return memory.clockMhz * 1e6 * (memory.busWidthBits / 8.0) * memory.dataRate / 1e9;
}

namespace {

bool isGddr(const MemorySpec& memory) { return memory.type.rfind("GDDR", 0) == 0; }

} // namespace

double eccBandwidthFactor(const MemorySpec& memory)
{
    // best-practices-guide-v8.0.txt §8.2.1: "When ECC is enabled, the effective maximum bandwidth is reduced by
    // approximately 20% due to the additional traffic for the memory checksums"; best-practices-guide-current.txt
    // §8.2.1: the same for GDDR, while "HBM2 memories ... provide dedicated ECC resources, allowing overhead-free
    // ECC protection".
    return memory.ecc && isGddr(memory) ? 0.8 : 1.0;
}

std::uint64_t usableMemoryBytes(const MemorySpec& memory)
{
    // best-practices-guide-current.txt §8.2.1: "On GPUs with GDDR memory with ECC enabled the available DRAM is
    // reduced by 6.25% to allow for the storage of ECC bits."
    return memory.ecc && isGddr(memory) ? memory.bytes - memory.bytes / 16 : memory.bytes;
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

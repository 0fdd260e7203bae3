#include "engine/memory/constant_access.h"

#include "engine/memory/memory_text.h"

#include <algorithm>
#include <array>

namespace engine {

namespace {

/// Distinct addresses among `lanes`, by sorting a fixed array of at most 32 addresses.
int countDistinct(const WarpAccess& access, std::uint32_t lanes)
{
    std::array<std::uint64_t, kWarpSize> addresses;
    std::size_t count = 0;
    for (std::uint32_t rest = lanes; rest != 0; rest &= rest - 1)
        addresses[count++] = access.laneAddresses[static_cast<std::size_t>(lowestLane(rest))];
    const auto end = addresses.begin() + static_cast<std::ptrdiff_t>(count);
    std::sort(addresses.begin(), end);
    return static_cast<int>(std::unique(addresses.begin(), end) - addresses.begin());
}

} // namespace

ConstantAccessResult resolveConstantAccess(const WarpAccess& access, bool perHalfWarp)
{
    ConstantAccessResult result;
    result.distinctAddresses = countDistinct(access, access.activeMask);
    result.uniform = result.distinctAddresses <= 1;
    if (!perHalfWarp) {
        result.serializedReads = result.distinctAddresses;
        return result;
    }
    for (int halfWarp = 0; halfWarp < 2; ++halfWarp)
        result.serializedReads += countDistinct(access, access.activeMask & halfWarpLanes(halfWarp));
    return result;
}

ConstantAccessResult resolveConstantAccess(const WarpAccess& access, const DeviceProfile& profile)
{
    return resolveConstantAccess(access, profile.sharedMemory.halfWarp);
}

std::string explainConstantAccess(const WarpAccess& access, const ConstantAccessResult& result)
{
    std::string text = "Constant cache (best-practices-guide-v8.0.txt §9.2.5): " + lanesPhrase(access.activeMask)
        + " read " + countOf(result.distinctAddresses, "distinct address", "distinct addresses") + " → "
        + countOf(result.serializedReads, "serialized read", "serialized reads");
    if (result.uniform && result.distinctAddresses == 1)
        text += " (one broadcast" + std::string(result.serializedReads > 1 ? " per half-warp)" : ")");
    return text;
}

} // namespace engine

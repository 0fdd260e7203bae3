#include "engine/memory/memory_text.h"

#include "engine/memory/warp_access.h"

#include <cmath>

namespace engine {

std::string formatLanes(std::uint32_t mask)
{
    if (mask == 0)
        return "none";
    std::string text;
    int lane = 0;
    while (lane < kWarpSize) {
        if (!isLaneActive(mask, lane)) {
            ++lane;
            continue;
        }
        int end = lane;
        while (end + 1 < kWarpSize && isLaneActive(mask, end + 1))
            ++end;
        if (!text.empty())
            text += ", ";
        text += std::to_string(lane);
        if (end > lane)
            text += (end == lane + 1 ? ", " : "-") + std::to_string(end);
        lane = end + 1;
    }
    return text;
}

std::string lanesPhrase(std::uint32_t mask)
{
    return (laneCount(mask) == 1 ? "lane " : "lanes ") + formatLanes(mask);
}

std::string formatAddress(std::uint64_t address)
{
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string digits;
    do {
        digits.insert(digits.begin(), kDigits[address % 16]);
        address /= 16;
    } while (address != 0);
    return "0x" + digits;
}

std::string countOf(int count, const char* singular, const char* plural)
{
    return std::to_string(count) + ' ' + (count == 1 ? singular : plural);
}

std::string formatPercent(double fraction)
{
    const double percent = std::round(fraction * 1000.0) / 10.0;
    std::string text = std::to_string(percent);
    text.erase(text.find('.') + 2); // one decimal
    if (text.ends_with(".0"))
        text.erase(text.size() - 2);
    return text + " %";
}

std::string listTransactions(const CoalescingResult& result, int maxShown)
{
    std::string text;
    int shown = 0;
    for (const GlobalTransaction& transaction : result.view()) {
        if (shown++ == maxShown) {
            text += "\n  … and " + std::to_string(result.transactionCount - maxShown) + " more";
            break;
        }
        text += "\n  " + formatAddress(transaction.address) + " (" + std::to_string(transaction.sizeBytes)
            + " bytes): " + lanesPhrase(transaction.laneMask);
    }
    return text;
}

std::string summarizeTraffic(const CoalescingResult& result)
{
    return std::to_string(result.bytesMoved) + " bytes moved for " + std::to_string(result.bytesRequested)
        + " requested (" + formatPercent(result.efficiency()) + "); " + countOf(result.sectorCount, "sector", "sectors")
        + " of 32 bytes in " + countOf(result.lineCount, "128-byte line", "128-byte lines");
}

} // namespace engine

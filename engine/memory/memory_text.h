#pragma once

#include "engine/memory/coalescing_result.h"

#include <cstdint>
#include <string>

namespace engine {

// Cold-path text helpers shared by the memory explanations (the warp stepper shows them); never
// called on the hot path.

/// Lanes of a mask as ranges: "0-15", "0, 2, 5-7", or "none".
std::string formatLanes(std::uint32_t mask);

/// "lane 3" or "lanes 0-15".
std::string lanesPhrase(std::uint32_t mask);

/// "0x1a40".
std::string formatAddress(std::uint64_t address);

/// "1 transaction" / "3 transactions".
std::string countOf(int count, const char* singular, const char* plural);

/// "50 %" for 0.5.
std::string formatPercent(double fraction);

/// One line per transaction ("0x1000 (128 bytes): lanes 0-31"), at most `maxShown`, then "… and N more".
std::string listTransactions(const CoalescingResult& result, int maxShown = 8);

/// "256 bytes moved for 128 requested (50 %); 8 sectors in 2 lines".
std::string summarizeTraffic(const CoalescingResult& result);

} // namespace engine

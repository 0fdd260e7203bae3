#pragma once

#include <cstdint>
#include <optional>

namespace engine {

/// Sector-level hit counts of one launch in the L1 and L2 (a timing model's caches).
struct CacheCounters {
    std::uint64_t l1HitSectors = 0;
    std::uint64_t l1MissSectors = 0;
    std::uint64_t l2HitSectors = 0;
    std::uint64_t l2MissSectors = 0;

    /// Hit sectors ÷ looked-up sectors; empty when the level saw no lookup (nothing to rate).
    std::optional<double> l1HitRate() const { return rate(l1HitSectors, l1MissSectors); }
    std::optional<double> l2HitRate() const { return rate(l2HitSectors, l2MissSectors); }

private:
    static std::optional<double> rate(std::uint64_t hit, std::uint64_t miss)
    {
        if (hit + miss == 0)
            return std::nullopt;
        return double(hit) / double(hit + miss);
    }
};

} // namespace engine

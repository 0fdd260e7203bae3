#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <type_traits>

namespace engine {

/// The unit a generation counts global-memory transactions in (DESIGN.md, "run --json" keys).
enum class TransactionUnit : std::uint8_t {
    Segment, ///< CC 1.x: 32-, 64- or 128-byte transactions per half-warp
    L1Line, ///< 128-byte L1 lines (CC 2.x cached loads; CC 3.5/3.7/5.2 with L1 opt-in)
    L2Segment, ///< 32-byte L2 segments (CC 2.x uncached loads and stores)
    Sector, ///< 32-byte sectors (CC 3.0 and later)
};

const char* toString(TransactionUnit unit);

/// One memory transaction and the lanes it served.
struct GlobalTransaction {
    std::uint64_t address; ///< first byte, aligned to sizeBytes
    std::uint32_t sizeBytes;
    std::uint32_t laneMask; ///< lanes whose bytes this transaction carries
};
static_assert(sizeof(GlobalTransaction) == 16 && std::is_trivially_copyable_v<GlobalTransaction>);

/// What one warp-level global access cost. Filled in place by a GlobalCoalescer; no heap.
struct CoalescingResult {
    /// 32 naturally aligned lanes of at most 16 bytes touch at most 64 aligned blocks of 32 bytes or more.
    static constexpr int kMaxTransactions = 64;

    std::array<GlobalTransaction, kMaxTransactions> transactions; ///< the first transactionCount are valid
    int transactionCount = 0;
    TransactionUnit unit = TransactionUnit::Sector;
    int requestCount = 0; ///< warp-level requests: 1, or 0 when no lane is active
    int sectorCount = 0; ///< distinct 32-byte sectors holding requested bytes
    int lineCount = 0; ///< distinct 128-byte lines holding requested bytes
    std::uint64_t bytesRequested = 0; ///< active lanes × bytesPerLane
    std::uint64_t bytesMoved = 0; ///< sum of the transactions' sizes

    std::span<const GlobalTransaction> view() const
    {
        return { transactions.data(), static_cast<std::size_t>(transactionCount) };
    }

    /// Requested ÷ moved bytes, as nvprof's gld_efficiency / gst_efficiency; 1 when nothing moved.
    double efficiency() const
    {
        return bytesMoved == 0 ? 1.0 : static_cast<double>(bytesRequested) / static_cast<double>(bytesMoved);
    }

    void reset(TransactionUnit newUnit)
    {
        transactionCount = 0;
        unit = newUnit;
        requestCount = sectorCount = lineCount = 0;
        bytesRequested = bytesMoved = 0;
    }

    /// Appends a transaction; silently full at kMaxTransactions (unreachable for valid accesses).
    void add(std::uint64_t address, std::uint32_t sizeBytes, std::uint32_t laneMask)
    {
        if (transactionCount == kMaxTransactions)
            return;
        transactions[static_cast<std::size_t>(transactionCount++)] = { address, sizeBytes, laneMask };
        bytesMoved += sizeBytes;
    }
};

} // namespace engine

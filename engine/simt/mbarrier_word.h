#pragma once

#include <cstdint>

namespace engine::simt {

/// The 64-bit mbarrier object of PTX ISA 8.5 §9.7.13.15.1, which the ISA leaves opaque, as warpscope packs it:
/// pending arrivals (bits 0-20), expected arrivals (21-41), the transaction count as a signed 21-bit value
/// (42-62) and the current phase's parity (63). §9.7.13.15.1: counts lie in [0, 2^20 - 1] and the tx-count in
/// [-(2^20 - 1), 2^20 - 1]. A phase completes when its pending arrivals and its tx-count are both zero
/// (§9.7.13.15.2 "Phase completion"); the next phase then starts with the expected count pending.
/// The state an arrive returns is the word before the arrive: its parity names the phase arrived on.
class MbarrierWord {
public:
    static constexpr std::uint32_t kMaxCount = (1U << 20) - 1U;

    explicit MbarrierWord(std::uint64_t bits = 0)
        : m_bits(bits)
    {
    }

    /// mbarrier.init (§9.7.13.15.9): phase 0, `count` expected and pending, tx-count 0.
    static MbarrierWord initialized(std::uint32_t count);

    std::uint64_t bits() const { return m_bits; }
    std::uint32_t pending() const { return static_cast<std::uint32_t>(m_bits & kField); }
    std::uint32_t expected() const { return static_cast<std::uint32_t>((m_bits >> 21) & kField); }
    std::int32_t txCount() const;
    std::uint32_t parity() const { return static_cast<std::uint32_t>(m_bits >> 63); }

    /// An arrive-on operation of `count` (§9.7.13.15.12); arrive_drop also lowers the expected count of the
    /// phases after this one. Completes the phase when nothing is left pending. False when the count
    /// exceeds what is pending (undefined behaviour in the ISA: the caller reports it).
    bool arrive(std::uint32_t count, bool drop);
    /// expect-tx (§9.7.13.15.6) raises the tx-count by `bytes`; complete-tx (§9.7.13.15.7) lowers it and
    /// may complete the phase. False when the tx-count leaves its range.
    bool expectTx(std::uint32_t bytes);
    bool completeTx(std::uint32_t bytes);

    /// test_wait/try_wait (§9.7.13.15.16): whether the phase of `waitedParity` has completed, i.e. the
    /// current phase has the other parity.
    bool phaseComplete(std::uint32_t waitedParity) const { return parity() != (waitedParity & 1U); }

private:
    static constexpr std::uint64_t kField = (std::uint64_t { 1 } << 21) - 1;

    void setPending(std::uint32_t v) { m_bits = (m_bits & ~kField) | v; }
    void setExpected(std::uint32_t v) { m_bits = (m_bits & ~(kField << 21)) | (std::uint64_t { v } << 21); }
    void setTxCount(std::int32_t v);
    void completeIfDone();

    std::uint64_t m_bits;
};

} // namespace engine::simt

#include "engine/simt/mbarrier_word.h"

namespace engine::simt {

MbarrierWord MbarrierWord::initialized(std::uint32_t count)
{
    MbarrierWord w;
    w.setPending(count);
    w.setExpected(count);
    return w;
}

std::int32_t MbarrierWord::txCount() const
{
    const auto raw = static_cast<std::uint32_t>((m_bits >> 42) & kField);
    return (raw & (1U << 20)) != 0 ? static_cast<std::int32_t>(raw) - (1 << 21) : static_cast<std::int32_t>(raw);
}

void MbarrierWord::setTxCount(std::int32_t v)
{
    const auto raw = static_cast<std::uint64_t>(static_cast<std::uint32_t>(v) & kField);
    m_bits = (m_bits & ~(kField << 42)) | (raw << 42);
}

bool MbarrierWord::arrive(std::uint32_t count, bool drop)
{
    if (count > pending() || (drop && count > expected()))
        return false;
    setPending(pending() - count);
    if (drop)
        setExpected(expected() - count);
    completeIfDone();
    return true;
}

bool MbarrierWord::expectTx(std::uint32_t bytes)
{
    const std::int64_t next = std::int64_t { txCount() } + bytes;
    if (next > kMaxCount)
        return false;
    setTxCount(static_cast<std::int32_t>(next));
    return true;
}

bool MbarrierWord::completeTx(std::uint32_t bytes)
{
    const std::int64_t next = std::int64_t { txCount() } - bytes;
    if (next < -static_cast<std::int64_t>(kMaxCount))
        return false;
    setTxCount(static_cast<std::int32_t>(next));
    completeIfDone();
    return true;
}

void MbarrierWord::completeIfDone()
{
    if (pending() != 0 || txCount() != 0)
        return;
    // §9.7.13.15.2: the phase completes; the next one starts with the expected count pending.
    m_bits ^= std::uint64_t { 1 } << 63;
    setPending(expected());
}

} // namespace engine::simt

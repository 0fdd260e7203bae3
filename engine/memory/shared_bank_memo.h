#pragma once

#include "engine/memory/moved_access.h"
#include "engine/memory/per_instruction.h"
#include "engine/memory/shared_bank_model.h"

#include <cstddef>
#include <cstdint>

namespace engine {

/// Remembers, per static instruction, the last shared access a bank model resolved there and its answer, and
/// answers an access that is the same access moved as a whole by a multiple of the model's shift quantum
/// (SharedBankModel::ShiftRule) from that one, turning the lanes' banks instead of resolving again. The warps
/// of a block and the iterations of a loop walking one tile make such accesses: on the kernel corpus most
/// shared accesses are answered here. The answer is the model's own, field for field. One per thread.
class SharedBankMemo {
public:
    explicit SharedBankMemo(const SharedBankModel& model)
        : m_model(model)
    {
    }

    /// The model's resolve(access, result) for an access made by static instruction `instruction`.
    void resolve(std::size_t instruction, const WarpAccess& access, BankConflictResult& result);

    /// Accesses answered without the model, and all of them (the tests check that replays happen).
    std::uint64_t hits() const { return m_hits; }
    std::uint64_t lookups() const { return m_lookups; }

private:
    struct Entry {
        MovedAccess access;
        BankConflictResult result;
        SharedBankModel::ShiftRule rule;
    };
    bool replay(const Entry& entry, const WarpAccess& access, BankConflictResult& result) const;

    const SharedBankModel& m_model;
    PerInstruction<Entry> m_entries;
    std::uint64_t m_hits = 0;
    std::uint64_t m_lookups = 0;
};

} // namespace engine

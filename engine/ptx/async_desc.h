#pragma once

#include <cstdint>
#include <string_view>
#include <type_traits>

namespace engine::ptx {

/// Which asynchronous-copy or mbarrier operation an instruction is (PTX ISA 8.5 §9.7.9.25 cp.async and
/// cp.async.bulk, §9.7.13.15 mbarrier). The suffix after `cp.async` or `mbarrier` decides it.
enum class AsyncOp : std::uint8_t {
    None,
    Copy, ///< cp.async.{ca,cg}.shared.global [d], [s], cp-size{, src-size | ignore-src}
    CommitGroup, ///< cp.async.commit_group
    WaitGroup, ///< cp.async.wait_group N
    WaitAll, ///< cp.async.wait_all
    CopyArrive, ///< cp.async.mbarrier.arrive{.noinc}.shared.b64 [mbar]
    Bulk, ///< cp.async.bulk.{shared::cluster.global.mbarrier::complete_tx::bytes | global.shared::cta.bulk_group}
    BulkCommitGroup, ///< cp.async.bulk.commit_group
    BulkWaitGroup, ///< cp.async.bulk.wait_group{.read} N
    Init, ///< mbarrier.init.shared.b64 [mbar], count
    Arrive, ///< mbarrier.arrive{.expect_tx}{.noComplete} state, [mbar]{, count | tx}
    ArriveDrop, ///< mbarrier.arrive_drop{.expect_tx}{.noComplete} state, [mbar]{, count | tx}
    ExpectTx, ///< mbarrier.expect_tx [mbar], tx
    CompleteTx, ///< mbarrier.complete_tx [mbar], tx
    TestWait, ///< mbarrier.test_wait{.parity} waitComplete, [mbar], state | parity
    TryWait, ///< mbarrier.try_wait{.parity} waitComplete, [mbar], state | parity{, suspendTimeHint}
    PendingCount, ///< mbarrier.pending_count.b64 count, state
    Inval, ///< mbarrier.inval.shared.b64 [mbar]
};

/// An asynchronous-copy or mbarrier instruction's form, in the four bytes of Instruction's descriptor slot.
struct AsyncDesc {
    AsyncOp op;
    std::uint8_t noinc : 1; ///< cp.async.mbarrier.arrive.noinc: the arrive is counted in the init count
    std::uint8_t expectTx : 1; ///< mbarrier.arrive.expect_tx: operand 2 is a transaction count
    std::uint8_t noComplete : 1; ///< mbarrier.arrive.noComplete: the arrive must not complete the phase
    std::uint8_t parity : 1; ///< test_wait/try_wait.parity: operand 2 is a phase parity, not a state
    std::uint8_t toGlobal : 1; ///< cp.async.bulk.global.shared::cta: shared -> global, tracked by bulk_group
    std::uint8_t read : 1; ///< cp.async.bulk.wait_group.read: wait for the sources to be read only
    std::uint8_t completeTx : 1; ///< cp.async.bulk ... .mbarrier::complete_tx::bytes
    std::uint8_t bulkGroup : 1; ///< cp.async.bulk ... .bulk_group
    std::uint8_t spaces; ///< state-space suffixes seen (cp.async names two: .shared then .global)
    std::uint8_t reserved;
};
static_assert(sizeof(AsyncDesc) == 4 && std::is_trivially_copyable_v<AsyncDesc>);

struct Instruction;

/// Applies a suffix only cp.async/cp.async.bulk/mbarrier take; false for any other (then applyModifier).
bool applyAsyncModifier(Instruction& ins, std::string_view modifier);

/// Checks a parsed cp/mbarrier instruction's suffixes and operand count; the reason it is not a form
/// warpscope executes, or an empty view.
std::string_view asyncFormProblem(const Instruction& ins);

/// The operand slots that hold addresses (bit i: slot i) of a cp/mbarrier instruction.
std::uint32_t asyncAddressSlots(const Instruction& ins);

/// Whether slot 0 is a destination register (mbarrier.arrive/arrive_drop/test_wait/try_wait/pending_count).
bool asyncWritesSlotZero(const Instruction& ins);

/// "cp.async.wait_group", "mbarrier.try_wait": the form's name for messages.
std::string_view asyncOpName(AsyncOp op);

} // namespace engine::ptx

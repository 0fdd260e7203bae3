// The suffixes of cp.async, cp.async.bulk (PTX ISA 8.5 §9.7.9.25) and mbarrier (§9.7.13.15), and the forms
// warpscope executes.
#include "engine/ptx/async_desc.h"
#include "engine/ptx/instruction.h"

namespace engine::ptx {

namespace {

bool isAsyncOpcode(Opcode op)
{
    return op == Opcode::Cp || op == Opcode::Mbarrier;
}

/// §9.7.9.25.3 cp.async / §9.7.9.25.4 cp.async.bulk suffixes.
bool applyCopyModifier(Instruction& ins, std::string_view m)
{
    AsyncDesc& d = ins.async;
    if (m == "async") {
        d.op = AsyncOp::Copy;
    } else if (m == "bulk") {
        d.op = AsyncOp::Bulk;
    } else if (m == "commit_group") {
        d.op = d.op == AsyncOp::Bulk ? AsyncOp::BulkCommitGroup : AsyncOp::CommitGroup;
    } else if (m == "wait_group") {
        d.op = d.op == AsyncOp::Bulk ? AsyncOp::BulkWaitGroup : AsyncOp::WaitGroup;
    } else if (m == "wait_all") {
        d.op = AsyncOp::WaitAll;
    } else if (m == "mbarrier") {
        d.op = AsyncOp::CopyArrive; // cp.async.mbarrier.arrive
    } else if (m == "arrive") {
        return d.op == AsyncOp::CopyArrive;
    } else if (m == "noinc") {
        d.noinc = 1;
    } else if (m == "read") {
        d.read = 1;
    } else if (m == "bulk_group") {
        d.bulkGroup = 1;
    } else if (m == "mbarrier::complete_tx::bytes") {
        d.completeTx = 1;
    } else if (m == "shared" || m == "shared::cta" || m == "shared::cluster" || m == "global") {
        // The destination's space comes first (§9.7.9.25.4.1): .global first is the shared -> global copy.
        if (d.spaces == 0 && m == "global")
            d.toGlobal = 1;
        d.spaces = static_cast<std::uint8_t>(d.spaces + 1);
        ins.space = m == "global" ? StateSpace::Global : StateSpace::Shared;
        if (d.op == AsyncOp::CopyArrive)
            ins.space = StateSpace::Shared;
    } else {
        return false;
    }
    return true;
}

/// §9.7.13.15 mbarrier operations (.b64, memory order, scope and .shared go through applyModifier).
bool applyMbarrierModifier(Instruction& ins, std::string_view m)
{
    AsyncDesc& d = ins.async;
    if (m == "init") {
        d.op = AsyncOp::Init;
    } else if (m == "arrive") {
        d.op = AsyncOp::Arrive;
    } else if (m == "arrive_drop") {
        d.op = AsyncOp::ArriveDrop;
    } else if (m == "expect_tx") {
        if (d.op == AsyncOp::Arrive || d.op == AsyncOp::ArriveDrop)
            d.expectTx = 1;
        else
            d.op = AsyncOp::ExpectTx;
    } else if (m == "complete_tx") {
        d.op = AsyncOp::CompleteTx;
    } else if (m == "test_wait") {
        d.op = AsyncOp::TestWait;
    } else if (m == "try_wait") {
        d.op = AsyncOp::TryWait;
    } else if (m == "parity") {
        d.parity = 1;
    } else if (m == "pending_count") {
        d.op = AsyncOp::PendingCount;
    } else if (m == "inval") {
        d.op = AsyncOp::Inval;
    } else if (m == "noComplete") {
        d.noComplete = 1;
    } else {
        return false;
    }
    return true;
}

bool immediateIn(const Operand& op, std::initializer_list<std::int64_t> values)
{
    if (op.kind != OperandKind::Immediate)
        return false;
    for (std::int64_t v : values) {
        if (op.value == v)
            return true;
    }
    return false;
}

std::string_view copyProblem(const Instruction& ins)
{
    const AsyncDesc& d = ins.async;
    const int n = ins.operandCount;
    switch (d.op) {
    case AsyncOp::Copy:
        // §9.7.9.25.3.1: cp-size is 4, 8 or 16; .cg caches in L2 only and takes 16 bytes.
        if (ins.cacheOp != CacheOp::Ca && ins.cacheOp != CacheOp::Cg)
            return "cp.async needs .ca or .cg";
        if (d.spaces != 2 || ins.space != StateSpace::Global || d.toGlobal)
            return "cp.async copies .shared from .global (cp.async.ca.shared.global)";
        if (n < 3 || !immediateIn(ins.operands[2], {4, 8, 16}))
            return "cp.async's cp-size is the constant 4, 8 or 16";
        if (ins.cacheOp == CacheOp::Cg && ins.operands[2].value != 16)
            return "cp.async.cg copies 16 bytes";
        return {};
    case AsyncOp::CommitGroup:
    case AsyncOp::WaitAll:
    case AsyncOp::BulkCommitGroup:
        return n == 0 ? std::string_view {} : "commit_group and wait_all take no operands";
    case AsyncOp::WaitGroup:
    case AsyncOp::BulkWaitGroup:
        return n == 1 && ins.operands[0].kind == OperandKind::Immediate ? std::string_view {}
                                                                         : "wait_group takes one constant";
    case AsyncOp::CopyArrive:
        return n == 1 ? std::string_view {} : "cp.async.mbarrier.arrive takes the mbarrier's address";
    case AsyncOp::Bulk:
        if (d.toGlobal)
            return d.bulkGroup && n == 3 ? std::string_view {}
                                         : "cp.async.bulk.global.shared::cta takes .bulk_group and [dst], [src], size";
        return d.completeTx && d.spaces == 2 && ins.space == StateSpace::Global && n == 4
            ? std::string_view {}
            : "cp.async.bulk.shared::cluster.global takes .mbarrier::complete_tx::bytes and [dst], [src], size, [mbar]";
    default:
        return "cp needs .async (cp.async, cp.async.bulk)";
    }
}

std::string_view mbarrierProblem(const Instruction& ins)
{
    const AsyncDesc& d = ins.async;
    const int n = ins.operandCount;
    if (ins.space != StateSpace::Shared && ins.space != StateSpace::Generic)
        return "an mbarrier object is in shared memory";
    switch (d.op) {
    case AsyncOp::Init:
    case AsyncOp::ExpectTx:
    case AsyncOp::CompleteTx:
        return n == 2 ? std::string_view {} : "mbarrier.init/expect_tx/complete_tx take [mbar], count";
    case AsyncOp::Arrive:
    case AsyncOp::ArriveDrop:
        if (d.expectTx && n != 3)
            return "mbarrier.arrive.expect_tx takes state, [mbar], txCount";
        return n == 2 || n == 3 ? std::string_view {} : "mbarrier.arrive takes state, [mbar]{, count}";
    case AsyncOp::TestWait:
    case AsyncOp::TryWait:
        return n == 3 || (n == 4 && d.op == AsyncOp::TryWait) ? std::string_view {}
                                                              : "mbarrier test_wait/try_wait take p, [mbar], state";
    case AsyncOp::PendingCount:
        return n == 2 ? std::string_view {} : "mbarrier.pending_count takes count, state";
    case AsyncOp::Inval:
        return n == 1 ? std::string_view {} : "mbarrier.inval takes [mbar]";
    default:
        return "mbarrier needs an operation (init, arrive, test_wait, try_wait, ...)";
    }
}

} // namespace

bool applyAsyncModifier(Instruction& ins, std::string_view modifier)
{
    // §9.7.13.4 fence.proxy.{alias,async} and fence.mbarrier_init order the generic proxy against the async
    // proxy that bulk copies use; the functional run completes every copy at issue, so they order nothing more.
    if (ins.opcode == Opcode::Fence)
        return modifier == "proxy" || modifier == "alias" || modifier == "async" || modifier == "mbarrier_init";
    // §9.7.13.2 barrier.cluster.wait: waits like bar.sync, for every thread of the cluster (the scope .cluster,
    // the arrival .arrive, go through applyModifier).
    if (ins.opcode == Opcode::Barrier && modifier == "wait") {
        ins.mode = OpMode::Sync;
        return true;
    }
    if (!isAsyncOpcode(ins.opcode))
        return false;
    return ins.opcode == Opcode::Cp ? applyCopyModifier(ins, modifier) : applyMbarrierModifier(ins, modifier);
}

std::string_view asyncFormProblem(const Instruction& ins)
{
    if (ins.opcode == Opcode::Cp)
        return copyProblem(ins);
    if (ins.opcode == Opcode::Mbarrier)
        return mbarrierProblem(ins);
    return {};
}

std::uint32_t asyncAddressSlots(const Instruction& ins)
{
    switch (ins.async.op) {
    case AsyncOp::Copy: return 0b11U;
    case AsyncOp::Bulk: return ins.async.completeTx ? 0b1011U : 0b11U;
    case AsyncOp::CopyArrive:
    case AsyncOp::Init:
    case AsyncOp::ExpectTx:
    case AsyncOp::CompleteTx:
    case AsyncOp::Inval: return 0b1U;
    case AsyncOp::Arrive:
    case AsyncOp::ArriveDrop:
    case AsyncOp::TestWait:
    case AsyncOp::TryWait: return 0b10U;
    default: return 0;
    }
}

bool asyncWritesSlotZero(const Instruction& ins)
{
    switch (ins.async.op) {
    case AsyncOp::Arrive:
    case AsyncOp::ArriveDrop:
    case AsyncOp::TestWait:
    case AsyncOp::TryWait:
    case AsyncOp::PendingCount: return true;
    default: return false;
    }
}

std::string_view asyncOpName(AsyncOp op)
{
    switch (op) {
    case AsyncOp::Copy: return "cp.async";
    case AsyncOp::CommitGroup: return "cp.async.commit_group";
    case AsyncOp::WaitGroup: return "cp.async.wait_group";
    case AsyncOp::WaitAll: return "cp.async.wait_all";
    case AsyncOp::CopyArrive: return "cp.async.mbarrier.arrive";
    case AsyncOp::Bulk: return "cp.async.bulk";
    case AsyncOp::BulkCommitGroup: return "cp.async.bulk.commit_group";
    case AsyncOp::BulkWaitGroup: return "cp.async.bulk.wait_group";
    case AsyncOp::Init: return "mbarrier.init";
    case AsyncOp::Arrive: return "mbarrier.arrive";
    case AsyncOp::ArriveDrop: return "mbarrier.arrive_drop";
    case AsyncOp::ExpectTx: return "mbarrier.expect_tx";
    case AsyncOp::CompleteTx: return "mbarrier.complete_tx";
    case AsyncOp::TestWait: return "mbarrier.test_wait";
    case AsyncOp::TryWait: return "mbarrier.try_wait";
    case AsyncOp::PendingCount: return "mbarrier.pending_count";
    case AsyncOp::Inval: return "mbarrier.inval";
    default: return "cp";
    }
}

} // namespace engine::ptx

#include "engine/timing/static_instruction.h"

#include <algorithm>

namespace engine::timing {

namespace {

    RegKey keyOf(ptx::RegFile file, std::uint32_t index)
    {
        return (static_cast<RegKey>(file) << 28) | (index & 0x0fffffffu);
    }

    template <std::size_t N>
    void add(std::array<RegKey, N>& keys, std::uint8_t& count, RegKey key)
    {
        for (std::uint8_t i = 0; i < count; ++i) {
            if (keys[i] == key)
                return;
        }
        if (count < N)
            keys[count++] = key;
    }

    template <std::size_t N>
    void addOperand(const ptx::Function& fn, const ptx::Operand& op, std::array<RegKey, N>& keys, std::uint8_t& count)
    {
        switch (op.kind) {
        case ptx::OperandKind::Register: add(keys, count, keyOf(op.file, op.index)); break;
        case ptx::OperandKind::Address:
            if (op.base == ptx::AddressBase::Register)
                add(keys, count, keyOf(op.file, op.index));
            break;
        case ptx::OperandKind::Vector:
            for (std::uint32_t i = 0; i < op.count && op.index + i < fn.vectorRegs.size(); ++i) {
                const ptx::RegRef& r = fn.vectorRegs[op.index + i];
                add(keys, count, keyOf(r.file, r.index));
            }
            break;
        default: break;
        }
    }

    /// How many leading operands an instruction writes: none for stores, reductions, barriers and control;
    /// two for the `d|p` forms (setp with two predicates, shfl with a predicate); one otherwise.
    int destinationCount(const ptx::Instruction& ins)
    {
        using ptx::InstrClass;
        const InstrClass cls = ptx::opcodeInfo(ins.opcode).instrClass;
        if (cls == InstrClass::Store || cls == InstrClass::Barrier || cls == InstrClass::Control)
            return 0;
        if (ins.opcode == ptx::Opcode::Wmma && ins.matrix.op == ptx::MatrixOp::StoreD)
            return 0;
        if (cls == InstrClass::Async) // cp.async writes shared memory; of mbarrier's forms only some write a register
            return ptx::asyncWritesSlotZero(ins) && ins.operands[0].kind != ptx::OperandKind::Sink ? 1 : 0;
        if (ins.opcode == ptx::Opcode::Red || ins.opcode == ptx::Opcode::Prefetch || ins.opcode == ptx::Opcode::Prefetchu)
            return 0;
        return ins.has(ptx::FlagDualDest) ? 2 : 1;
    }

    StaticInstruction analyze(const ptx::Function& fn, const ptx::Instruction& ins)
    {
        StaticInstruction s;
        s.pipe = pipeOf(ins);
        // PTX ISA 8.5 §9.7.13.1: bar.sync/barrier.sync wait; bar.arrive does not.
        // bar.warp.sync (§9.7.13.2) only synchronizes the warp itself.
        s.waitsAtBarrier = (ins.opcode == ptx::Opcode::Bar || ins.opcode == ptx::Opcode::Barrier)
            && ins.mode != ptx::OpMode::Arrive && !ins.has(ptx::FlagWarp);
        s.compareAndSwap = ins.opcode == ptx::Opcode::Atom && ins.mode == ptx::OpMode::Cas;
        s.branch = ins.opcode == ptx::Opcode::Bra;
        s.tensorWork = tensorWork(ins);
        if (ptx::opcodeInfo(ins.opcode).instrClass == ptx::InstrClass::Async) {
            s.asyncOp = ins.async.op;
            // wait_group N: N is an immediate (async_modifiers.cpp checks it); at most 255 groups stay pending.
            if (ins.async.op == ptx::AsyncOp::WaitGroup || ins.async.op == ptx::AsyncOp::BulkWaitGroup)
                s.asyncKeepGroups = static_cast<std::uint8_t>(std::min<std::int64_t>(255, ins.operands[0].value));
        }
        const int dsts = destinationCount(ins);
        for (int i = 0; i < ins.operandCount; ++i) {
            const ptx::Operand& op = ins.operands[static_cast<std::size_t>(i)];
            if (i < dsts && op.kind != ptx::OperandKind::Address)
                addOperand(fn, op, s.dst, s.dstCount);
            else
                addOperand(fn, op, s.src, s.srcCount);
        }
        if (ins.guarded)
            add(s.src, s.srcCount, keyOf(ptx::RegFile::Pred, ins.guardReg));
        return s;
    }

} // namespace

std::vector<StaticInstruction> analyzeFunction(const ptx::Function& fn)
{
    std::vector<StaticInstruction> out;
    out.reserve(fn.instructions.size());
    for (const ptx::Instruction& ins : fn.instructions)
        out.push_back(analyze(fn, ins));
    return out;
}

std::vector<std::vector<StaticInstruction>> analyzeModule(const ptx::Module& module)
{
    std::vector<std::vector<StaticInstruction>> out;
    out.reserve(module.functions.size());
    for (const ptx::Function& fn : module.functions)
        out.push_back(analyzeFunction(fn));
    return out;
}

std::vector<std::uint32_t> functionBases(const ptx::Module& module)
{
    std::vector<std::uint32_t> bases;
    std::uint32_t next = 0;
    for (const ptx::Function& fn : module.functions) {
        bases.push_back(next);
        next += static_cast<std::uint32_t>(fn.instructions.size());
    }
    return bases;
}

std::vector<StaticInstruction> analyzeModuleFlat(const ptx::Module& module)
{
    std::vector<StaticInstruction> all;
    for (const ptx::Function& fn : module.functions) {
        auto one = analyzeFunction(fn);
        all.insert(all.end(), one.begin(), one.end());
    }
    return all;
}

} // namespace engine::timing

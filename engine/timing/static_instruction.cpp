#include "engine/timing/static_instruction.h"

#include <algorithm>
#include <unordered_map>

namespace engine::timing {

namespace {

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
        ptx::visitRegisters(fn, ins, [&s](RegKey key, bool written) {
            if (written)
                add(s.dst, s.dstCount, key);
            else
                add(s.src, s.srcCount, key);
        });
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
    numberRegisters(all);
    return all;
}

void numberRegisters(std::vector<StaticInstruction>& table)
{
    std::unordered_map<RegKey, RegKey> numbers;
    const auto number = [&numbers](RegKey& key) {
        key = numbers.try_emplace(key, static_cast<RegKey>(numbers.size())).first->second;
    };
    for (StaticInstruction& s : table) {
        for (std::uint8_t i = 0; i < s.srcCount; ++i)
            number(s.src[i]);
        for (std::uint8_t i = 0; i < s.dstCount; ++i)
            number(s.dst[i]);
    }
}

std::uint32_t registerCount(const std::vector<StaticInstruction>& table)
{
    RegKey highest = 0;
    bool any = false;
    for (const StaticInstruction& s : table) {
        for (std::uint8_t i = 0; i < s.srcCount; ++i)
            highest = std::max(highest, s.src[i]);
        for (std::uint8_t i = 0; i < s.dstCount; ++i)
            highest = std::max(highest, s.dst[i]);
        any = any || s.srcCount != 0 || s.dstCount != 0;
    }
    return any ? highest + 1 : 0;
}

StaticTable makeStaticTable(const ptx::Module& module)
{
    StaticTable table { analyzeModuleFlat(module), 0 };
    table.registers = registerCount(table.instructions);
    return table;
}

} // namespace engine::timing

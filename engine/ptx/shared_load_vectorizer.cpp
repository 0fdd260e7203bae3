#include "engine/ptx/shared_load_vectorizer.h"

#include "engine/ptx/known_alignment.h"

#include <algorithm>
#include <unordered_set>

namespace engine::ptx {

namespace {

    struct Candidate {
        std::uint32_t pc = 0;
        std::int64_t offset = 0;
        std::uint32_t bytes = 0;
    };

    /// Loads of one straight-line stretch sharing a base and a guard.
    struct Group {
        Operand base; ///< the address operand of the first load (its base and scope)
        bool guarded = false;
        bool guardNegated = false;
        std::uint32_t guardReg = 0;
        std::vector<Candidate> loads;
        bool open = true; ///< false once the base or the guard is written: later loads start a new group
    };

    bool sameBase(const Operand& a, const Operand& b)
    {
        return a.base == b.base && a.index == b.index && (a.base != AddressBase::Register || a.file == b.file)
            && (a.base != AddressBase::Symbol || a.scope == b.scope);
    }

    std::uint32_t accessBytes(const Instruction& ins) { return typeSizeBytes(ins.type) * ins.vectorWidth; }

    bool isCandidate(const Instruction& ins)
    {
        if (ins.opcode != Opcode::Ld || ins.space != StateSpace::Shared || ins.has(FlagVolatile)
            || (ins.order != MemOrder::None && ins.order != MemOrder::Weak))
            return false;
        const Operand& address = ins.operands[1];
        const std::uint32_t bytes = accessBytes(ins);
        return address.kind == OperandKind::Address && address.base != AddressBase::None && (bytes == 4 || bytes == 8);
    }

    /// Ends a straight-line stretch: control flow, synchronization, or anything that may write shared memory.
    bool endsStretch(const Instruction& ins)
    {
        switch (ins.opcode) {
        case Opcode::Bra:
        case Opcode::Call:
        case Opcode::Ret:
        case Opcode::Exit:
        case Opcode::Trap:
        case Opcode::Bar:
        case Opcode::Barrier:
        case Opcode::Membar:
        case Opcode::Fence:
        case Opcode::Atom:
        case Opcode::Red:
        case Opcode::Stmatrix: return true;
        case Opcode::Wmma: return ins.matrix.op == MatrixOp::StoreD;
        case Opcode::St: return ins.space == StateSpace::Shared || ins.space == StateSpace::Generic;
        default: return false;
        }
    }

    void mergeChunk(Function& function, const std::vector<Candidate>& members, std::int64_t start, std::uint32_t bytes)
    {
        const auto leader = std::min_element(members.begin(), members.end(),
            [](const Candidate& a, const Candidate& b) { return a.pc < b.pc; });
        for (const Candidate& member : members) {
            Instruction& ins = function.instructions[member.pc];
            if (member.pc == leader->pc) {
                ins.setMerged(bytes, static_cast<std::uint32_t>(member.offset - start));
            } else {
                ins.flags |= FlagMergedLoad;
            }
        }
    }

    /// The loads exactly covering [start, start + bytes), in offset order; empty when there are none or gaps.
    std::vector<Candidate> cover(const std::vector<Candidate>& sorted, std::size_t first, std::int64_t start, std::uint32_t bytes)
    {
        std::vector<Candidate> members;
        std::int64_t next = start;
        for (std::size_t i = first; i < sorted.size() && next < start + bytes; ++i) {
            if (sorted[i].offset != next)
                return {};
            members.push_back(sorted[i]);
            next += sorted[i].bytes;
        }
        if (next != start + bytes || members.size() < 2)
            return {};
        return members;
    }

    void mergeGroup(Function& function, Group& group, std::uint32_t baseAlign)
    {
        auto& loads = group.loads;
        std::sort(loads.begin(), loads.end(), [](const Candidate& a, const Candidate& b) { return a.offset < b.offset; });
        // Two loads of one address (a repeated read) are left alone: the chunk must be covered exactly.
        for (std::size_t i = 0; i < loads.size();) {
            const std::int64_t start = loads[i].offset;
            std::size_t taken = 1;
            for (const std::uint32_t bytes : { 16U, 8U }) {
                if (baseAlign < bytes || start % bytes != 0)
                    continue;
                const auto members = cover(loads, i, start, bytes);
                if (members.empty())
                    continue;
                mergeChunk(function, members, start, bytes);
                taken = members.size();
                break;
            }
            i += taken;
        }
    }

} // namespace

void vectorizeSharedLoads(Function& function, const Module& module)
{
    if (function.instructions.empty())
        return;
    const KnownAlignment alignment(function, module);
    const std::unordered_set<std::uint32_t> labelled(function.labelPcs.begin(), function.labelPcs.end());
    std::vector<Group> groups;
    const auto flush = [&] {
        for (Group& group : groups)
            mergeGroup(function, group, alignment.ofAddressBase(group.base));
        groups.clear();
    };
    for (std::uint32_t pc = 0; pc < function.instructions.size(); ++pc) {
        const Instruction& ins = function.instructions[pc];
        if (labelled.count(pc) != 0)
            flush();
        if (isCandidate(ins)) {
            const Operand& address = ins.operands[1];
            auto group = std::find_if(groups.begin(), groups.end(), [&](const Group& g) {
                return g.open && sameBase(g.base, address) && g.guarded == ins.guarded && g.guardNegated == ins.guardNegated
                    && g.guardReg == ins.guardReg;
            });
            if (group == groups.end())
                group = groups.insert(groups.end(), Group { address, ins.guarded, ins.guardNegated, ins.guardReg, {}, true });
            group->loads.push_back({ pc, address.value, accessBytes(ins) });
        } else if (endsStretch(ins)) {
            flush();
        }
        // A new value in a base register or a guard starts a new group for the loads that follow.
        const Operand& dst = ins.operands[0];
        if (ins.operandCount > 0 && dst.kind == OperandKind::Register) {
            for (Group& group : groups) {
                const bool base = group.base.base == AddressBase::Register && group.base.file == dst.file
                    && group.base.index == dst.index;
                const bool guard = group.guarded && dst.file == RegFile::Pred && group.guardReg == dst.index;
                if (base || guard)
                    group.open = false;
            }
        }
    }
    flush();
}

} // namespace engine::ptx

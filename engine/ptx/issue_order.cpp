#include "engine/ptx/issue_order.h"

#include "engine/ptx/register_use.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace engine::ptx {

namespace {

    enum class Motion : std::uint8_t {
        Free, ///< a register computation: moves as its registers allow
        Ordered, ///< memory, collectives, tensor cores, carry: moves, but keeps its order among the Ordered
        Fixed, ///< stays where it is; a stretch ends on either side of it
    };

    bool readsClock(const Instruction& ins)
    {
        for (int i = 0; i < ins.operandCount; ++i) {
            const Operand& op = ins.operands[static_cast<std::size_t>(i)];
            if (op.kind == OperandKind::Special
                && (op.special == SpecialReg::Clock || op.special == SpecialReg::Clock64
                    || op.special == SpecialReg::Globaltimer))
                return true;
        }
        return false;
    }

    bool hasLabel(const Instruction& ins)
    {
        for (int i = 0; i < ins.operandCount; ++i) {
            if (ins.operands[static_cast<std::size_t>(i)].kind == OperandKind::Label)
                return true;
        }
        return false;
    }

    bool readOnlySpace(StateSpace space) { return space == StateSpace::Param || space == StateSpace::Const; }

    Motion motionOf(const Instruction& ins)
    {
        if (readsClock(ins) || hasLabel(ins))
            return Motion::Fixed;
        switch (opcodeInfo(ins.opcode).instrClass) {
        case InstrClass::Arithmetic:
            if (ins.opcode == Opcode::Addc || ins.opcode == Opcode::Subc || ins.opcode == Opcode::Madc
                || ins.has(FlagCarryIn) || ins.has(FlagCarryOut))
                return Motion::Ordered; // the carry flag is state no operand names
            return Motion::Free;
        case InstrClass::FloatArithmetic:
        case InstrClass::Transcendental:
        case InstrClass::Compare:
        case InstrClass::Logic:
        case InstrClass::Move:
        case InstrClass::Convert: return Motion::Free;
        case InstrClass::Load:
            return (ins.opcode == Opcode::Ld || ins.opcode == Opcode::Ldu) && readOnlySpace(ins.space) ? Motion::Free
                                                                                                     : Motion::Ordered;
        case InstrClass::Store:
        case InstrClass::Atomic:
        case InstrClass::WarpShuffle:
        case InstrClass::WarpVote:
        case InstrClass::Matrix: return Motion::Ordered;
        case InstrClass::Barrier:
        case InstrClass::Control:
        case InstrClass::Async: return Motion::Fixed;
        }
        return Motion::Fixed;
    }

    /// Generic latencies, for the priority only: what ptxas hides behind a load or an SFU result is much more
    /// than behind an ALU result.
    int latencyOf(const Instruction& ins)
    {
        const InstrClass cls = opcodeInfo(ins.opcode).instrClass;
        if (cls == InstrClass::Load || ins.opcode == Opcode::Atom) {
            if (readOnlySpace(ins.space))
                return 8;
            return ins.space == StateSpace::Shared || ins.opcode == Opcode::Ldmatrix ? 30 : 300;
        }
        if (cls == InstrClass::Transcendental || ins.opcode == Opcode::Div || ins.opcode == Opcode::Rem)
            return 20;
        if (cls == InstrClass::Matrix)
            return 16;
        if (ins.type == ScalarType::F64 || cls == InstrClass::WarpShuffle || cls == InstrClass::WarpVote)
            return 8;
        return 4;
    }

    bool heldLoad(const Instruction& ins, Motion motion)
    {
        return motion == Motion::Ordered && opcodeInfo(ins.opcode).instrClass == InstrClass::Load && latencyOf(ins) >= 30;
    }

    struct Edge {
        std::uint32_t to;
        int latency;
    };

    /// The dependence graph of instructions [begin, end) of `fn`, nodes numbered from 0.
    struct Graph {
        std::vector<std::vector<Edge>> successors;
        std::vector<int> predecessors;
        std::vector<int> latency;
        std::vector<bool> load; ///< counts against kMaxLoadsInFlight
        std::vector<std::vector<std::uint32_t>> loadsRead; ///< per node: the loads of the stretch whose results it reads
    };

    Graph buildGraph(const Function& fn, std::uint32_t begin, std::uint32_t end)
    {
        const std::uint32_t n = end - begin;
        Graph g;
        g.successors.resize(n);
        g.predecessors.assign(n, 0);
        g.latency.resize(n);
        g.load.assign(n, false);
        g.loadsRead.resize(n);
        std::unordered_map<RegKey, std::uint32_t> lastWriter;
        std::unordered_map<RegKey, std::vector<std::uint32_t>> readers;
        std::int64_t lastOrdered = -1;
        auto edge = [&g](std::uint32_t from, std::uint32_t to, int latency) {
            if (from == to)
                return;
            g.successors[from].push_back({ to, latency });
            ++g.predecessors[to];
        };
        for (std::uint32_t i = 0; i < n; ++i) {
            const Instruction& ins = fn.instructions[begin + i];
            const Motion motion = motionOf(ins);
            g.latency[i] = latencyOf(ins);
            g.load[i] = heldLoad(ins, motion);
            std::vector<RegKey> reads;
            std::vector<RegKey> writes;
            visitRegisters(fn, ins, [&](RegKey key, bool written) { (written ? writes : reads).push_back(key); });
            if (ins.guarded) // a guarded write keeps the old value in lanes whose guard is false
                reads.insert(reads.end(), writes.begin(), writes.end());
            for (const RegKey r : reads) {
                if (const auto it = lastWriter.find(r); it != lastWriter.end()) {
                    edge(it->second, i, g.latency[it->second]);
                    if (g.load[it->second])
                        g.loadsRead[i].push_back(it->second);
                }
                readers[r].push_back(i);
            }
            for (const RegKey w : writes) {
                if (const auto it = lastWriter.find(w); it != lastWriter.end())
                    edge(it->second, i, 0);
                for (const std::uint32_t reader : readers[w])
                    edge(reader, i, 0);
                readers[w].clear();
                lastWriter[w] = i;
            }
            if (motion == Motion::Ordered) {
                if (lastOrdered >= 0)
                    edge(static_cast<std::uint32_t>(lastOrdered), i, 0);
                lastOrdered = i;
            }
        }
        return g;
    }

    /// Cycle-driven list scheduling of one stretch: node indices in issue order.
    std::vector<std::uint32_t> listSchedule(Graph& g)
    {
        const auto n = static_cast<std::uint32_t>(g.latency.size());
        std::vector<std::int64_t> height(n);
        for (std::uint32_t i = n; i-- > 0;) {
            std::int64_t h = g.latency[i];
            for (const Edge& e : g.successors[i])
                h = std::max(h, e.latency + height[e.to]);
            height[i] = h;
        }
        std::vector<std::int64_t> earliest(n, 0);
        std::vector<std::uint32_t> ready;
        for (std::uint32_t i = 0; i < n; ++i) {
            if (g.predecessors[i] == 0)
                ready.push_back(i);
        }
        std::vector<bool> consumed(n, false); ///< a scheduled load whose value some scheduled node has read
        std::vector<std::uint32_t> order;
        order.reserve(n);
        std::int64_t now = 0;
        int loadsInFlight = 0;
        while (!ready.empty()) {
            const bool loadsHeld = loadsInFlight >= kMaxLoadsInFlight
                && std::any_of(ready.begin(), ready.end(), [&](std::uint32_t i) { return !g.load[i]; });
            auto eligible = [&](std::uint32_t i) { return !(loadsHeld && g.load[i]); };
            std::int64_t best = -1;
            std::int64_t soonest = -1;
            for (std::size_t k = 0; k < ready.size(); ++k) {
                const std::uint32_t i = ready[k];
                if (!eligible(i))
                    continue;
                if (earliest[i] > now) {
                    if (soonest < 0 || earliest[i] < earliest[ready[static_cast<std::size_t>(soonest)]])
                        soonest = static_cast<std::int64_t>(k);
                    continue;
                }
                const std::uint32_t b = best < 0 ? 0 : ready[static_cast<std::size_t>(best)];
                if (best < 0 || height[i] > height[b] || (height[i] == height[b] && i < b))
                    best = static_cast<std::int64_t>(k);
            }
            if (best < 0) { // nothing can issue yet: wait for the soonest
                now = earliest[ready[static_cast<std::size_t>(soonest)]];
                continue;
            }
            const std::uint32_t chosen = ready[static_cast<std::size_t>(best)];
            ready.erase(ready.begin() + best);
            order.push_back(chosen);
            if (g.load[chosen])
                ++loadsInFlight;
            for (const Edge& e : g.successors[chosen]) {
                earliest[e.to] = std::max(earliest[e.to], now + e.latency);
                if (--g.predecessors[e.to] == 0)
                    ready.push_back(e.to);
            }
            // The loads this node reads are used now: their registers no longer hold a value in waiting.
            for (const std::uint32_t j : g.loadsRead[chosen]) {
                if (!consumed[j]) {
                    consumed[j] = true;
                    --loadsInFlight;
                }
            }
            ++now;
        }
        return order;
    }

    void scheduleStretch(Function& fn, std::uint32_t begin, std::uint32_t end, std::vector<std::uint32_t>& originalPc)
    {
        if (end - begin < 2)
            return;
        Graph g = buildGraph(fn, begin, end);
        const std::vector<std::uint32_t> order = listSchedule(g);
        std::vector<Instruction> stretch;
        stretch.reserve(order.size());
        for (std::uint32_t k = 0; k < order.size(); ++k) {
            stretch.push_back(fn.instructions[begin + order[k]]);
            originalPc[begin + k] = begin + order[k];
        }
        std::copy(stretch.begin(), stretch.end(), fn.instructions.begin() + begin);
    }

} // namespace

std::vector<std::uint32_t> scheduleIssueOrder(Function& function)
{
    const auto count = static_cast<std::uint32_t>(function.instructions.size());
    std::vector<std::uint32_t> originalPc(count);
    for (std::uint32_t pc = 0; pc < count; ++pc)
        originalPc[pc] = pc;
    std::vector<bool> startsStretch(count + 1, false);
    for (const std::uint32_t pc : function.labelPcs) {
        if (pc <= count)
            startsStretch[pc] = true;
    }
    for (std::uint32_t pc = 0; pc < count; ++pc) {
        const Instruction& ins = function.instructions[pc];
        if (ins.reconvergePc != kNoPc && ins.reconvergePc <= count)
            startsStretch[ins.reconvergePc] = true;
        for (int i = 0; i < ins.operandCount; ++i) {
            const Operand& op = ins.operands[static_cast<std::size_t>(i)];
            if (op.kind == OperandKind::Label && op.index <= count)
                startsStretch[op.index] = true;
        }
        if (motionOf(ins) == Motion::Fixed) {
            startsStretch[pc] = true;
            startsStretch[pc + 1] = true;
        }
    }
    std::uint32_t begin = 0;
    for (std::uint32_t pc = 1; pc <= count; ++pc) {
        if (pc == count || startsStretch[pc]) {
            if (motionOf(function.instructions[begin]) != Motion::Fixed)
                scheduleStretch(function, begin, pc, originalPc);
            begin = pc;
        }
    }
    return originalPc;
}

} // namespace engine::ptx

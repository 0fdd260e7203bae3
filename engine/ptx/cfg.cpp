#include "engine/ptx/cfg.h"

#include <algorithm>

namespace engine::ptx {

namespace {

constexpr std::uint32_t kUndefined = 0xffffffffU;

bool endsFlow(const Instruction& ins)
{
    return ins.opcode == Opcode::Bra || ins.opcode == Opcode::Ret || ins.opcode == Opcode::Exit
        || ins.opcode == Opcode::Trap;
}

} // namespace

ControlFlowGraph::ControlFlowGraph(const Function& fn)
    : m_instructionCount(static_cast<std::uint32_t>(fn.instructions.size()))
{
    buildBlocks(fn);
    linkBlocks(fn);
    computePostDominators();
}

std::uint32_t ControlFlowGraph::startPc(std::uint32_t block) const
{
    return block < m_blocks.size() ? m_blocks[block].firstPc : m_instructionCount;
}

// Leaders: the first instruction, every label target, and the instruction after a branch/ret/exit.
void ControlFlowGraph::buildBlocks(const Function& fn)
{
    const std::uint32_t n = m_instructionCount;
    std::vector<bool> leader(n + 1, false);
    leader[0] = true;
    for (std::uint32_t pc : fn.labelPcs)
        leader[pc] = true;
    for (std::uint32_t pc = 0; pc < n; ++pc) {
        if (endsFlow(fn.instructions[pc]))
            leader[pc + 1] = true;
    }
    m_blockOfPc.assign(n, 0);
    for (std::uint32_t pc = 0; pc < n; ++pc) {
        if (leader[pc]) {
            if (!m_blocks.empty())
                m_blocks.back().endPc = pc;
            m_blocks.push_back(BasicBlock {pc, n, {}});
        }
        m_blockOfPc[pc] = static_cast<std::uint32_t>(m_blocks.size() - 1);
    }
}

// PTX ISA 8.5 §9.7.12.1 bra: a guarded branch falls through when its predicate is false;
// ret/exit (§9.7.12.4/5) leave the function; falling off the end does too.
void ControlFlowGraph::linkBlocks(const Function& fn)
{
    const std::uint32_t exit = exitBlock();
    for (std::uint32_t b = 0; b < m_blocks.size(); ++b) {
        BasicBlock& block = m_blocks[b];
        const Instruction& last = fn.instructions[block.endPc - 1];
        std::uint32_t fallthrough = (b + 1 < m_blocks.size()) ? b + 1 : exit;
        if (last.opcode == Opcode::Bra) {
            std::uint32_t target = last.operands[0].index;
            block.successors.push_back(target < m_instructionCount ? m_blockOfPc[target] : exit);
        } else if (endsFlow(last)) {
            block.successors.push_back(exit);
        }
        if (!endsFlow(last) || last.guarded)
            block.successors.push_back(fallthrough);
        std::sort(block.successors.begin(), block.successors.end());
        block.successors.erase(std::unique(block.successors.begin(), block.successors.end()), block.successors.end());
    }
}

std::vector<std::uint32_t> ControlFlowGraph::reversePostorderFromExit(
    std::vector<std::vector<std::uint32_t>>& preds) const
{
    // Iterative DFS over predecessors from the exit, so deep graphs cannot overflow the stack.
    const std::size_t nodes = m_blocks.size() + 1;
    std::vector<std::uint32_t> order;
    std::vector<bool> seen(nodes, false);
    std::vector<std::pair<std::uint32_t, std::size_t>> stack {{exitBlock(), 0}};
    seen[exitBlock()] = true;
    while (!stack.empty()) {
        auto& [node, next] = stack.back();
        if (next < preds[node].size()) {
            std::uint32_t p = preds[node][next++];
            if (!seen[p]) {
                seen[p] = true;
                stack.emplace_back(p, 0);
            }
        } else {
            order.push_back(node);
            stack.pop_back();
        }
    }
    std::reverse(order.begin(), order.end());
    return order;
}

// Cooper, Harvey, Kennedy, "A Simple, Fast Dominance Algorithm" (2001), on the reversed CFG.
void ControlFlowGraph::computePostDominators()
{
    const std::size_t nodes = m_blocks.size() + 1;
    std::vector<std::vector<std::uint32_t>> preds(nodes);
    for (std::uint32_t b = 0; b < m_blocks.size(); ++b) {
        for (std::uint32_t s : m_blocks[b].successors)
            preds[s].push_back(b);
    }
    std::vector<std::uint32_t> rpo = reversePostorderFromExit(preds);
    std::vector<std::uint32_t> number(nodes, kUndefined); // position in postorder: exit is highest
    for (std::size_t i = 0; i < rpo.size(); ++i)
        number[rpo[i]] = static_cast<std::uint32_t>(rpo.size() - 1 - i);
    std::vector<std::uint32_t> ipdom = iteratePostDominators(rpo, number);
    m_ipdom.assign(m_blocks.size(), exitBlock());
    for (std::uint32_t b = 0; b < m_blocks.size(); ++b) {
        if (ipdom[b] != kUndefined)
            m_ipdom[b] = ipdom[b]; // blocks that never reach the exit (endless loops) keep the exit
    }
}

std::vector<std::uint32_t> ControlFlowGraph::iteratePostDominators(
    const std::vector<std::uint32_t>& rpo, const std::vector<std::uint32_t>& number) const
{
    std::vector<std::uint32_t> ipdom(m_blocks.size() + 1, kUndefined);
    ipdom[exitBlock()] = exitBlock();
    auto intersect = [&](std::uint32_t a, std::uint32_t b) {
        while (a != b) {
            while (number[a] < number[b])
                a = ipdom[a];
            while (number[b] < number[a])
                b = ipdom[b];
        }
        return a;
    };
    for (bool changed = true; changed;) {
        changed = false;
        for (std::uint32_t node : rpo) {
            if (node == exitBlock())
                continue;
            std::uint32_t best = kUndefined;
            for (std::uint32_t s : m_blocks[node].successors) {
                if (ipdom[s] != kUndefined)
                    best = (best == kUndefined) ? s : intersect(s, best);
            }
            changed = changed || best != ipdom[node];
            ipdom[node] = best;
        }
    }
    return ipdom;
}

void assignReconvergencePoints(Function& fn)
{
    if (fn.instructions.empty())
        return;
    ControlFlowGraph cfg(fn);
    for (std::uint32_t pc = 0; pc < fn.instructions.size(); ++pc) {
        Instruction& ins = fn.instructions[pc];
        if (ins.opcode == Opcode::Bra)
            ins.reconvergePc = cfg.startPc(cfg.immediatePostDominator(cfg.blockOf(pc)));
    }
}

} // namespace engine::ptx

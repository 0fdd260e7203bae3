#pragma once

#include "engine/ptx/module.h"

#include <cstdint>
#include <vector>

namespace engine::ptx {

/// A basic block: instructions [firstPc, endPc) of one function.
struct BasicBlock {
    std::uint32_t firstPc = 0;
    std::uint32_t endPc = 0;
    std::vector<std::uint32_t> successors; ///< block indices; ControlFlowGraph::exitBlock() for the exit
};

/// The control-flow graph of one function with a virtual exit node, and each block's immediate
/// post-dominator: the point where the SIMT stack reconverges the lanes a branch split
/// (the reconvergence rule of stack-based SIMT, e.g. Fung et al., MICRO 2007, §3.2).
class ControlFlowGraph {
public:
    explicit ControlFlowGraph(const Function& fn);

    const std::vector<BasicBlock>& blocks() const { return m_blocks; }
    std::uint32_t exitBlock() const { return static_cast<std::uint32_t>(m_blocks.size()); }
    /// Immediate post-dominator of `block` (exitBlock() when only the exit post-dominates it).
    std::uint32_t immediatePostDominator(std::uint32_t block) const { return m_ipdom[block]; }
    /// The block holding instruction `pc`.
    std::uint32_t blockOf(std::uint32_t pc) const { return m_blockOfPc[pc]; }
    /// First pc of `block`, or the instruction count for the exit.
    std::uint32_t startPc(std::uint32_t block) const;

private:
    void buildBlocks(const Function& fn);
    void linkBlocks(const Function& fn);
    void computePostDominators();
    std::vector<std::uint32_t> reversePostorderFromExit(std::vector<std::vector<std::uint32_t>>& preds) const;
    std::vector<std::uint32_t> iteratePostDominators(
        const std::vector<std::uint32_t>& rpo, const std::vector<std::uint32_t>& number) const;

    std::vector<BasicBlock> m_blocks;
    std::vector<std::uint32_t> m_blockOfPc;
    std::vector<std::uint32_t> m_ipdom;
    std::uint32_t m_instructionCount = 0;
};

/// Sets Instruction::reconvergePc of every branch in `fn` from its CFG's post-dominators.
void assignReconvergencePoints(Function& fn);

} // namespace engine::ptx

#include "engine/host/register_estimate.h"

#include "engine/ptx/cfg.h"
#include "engine/timing/static_instruction.h"

#include <algorithm>
#include <unordered_map>

namespace engine {

namespace {

using timing::RegKey;

int slotsOf(RegKey key)
{
    static constexpr int kSlots[ptx::kRegFileCount] = {0, 1, 1, 2, 4}; // pred, b16, b32, b64, b128
    const auto file = key >> 28;
    return file < ptx::kRegFileCount ? kSlots[file] : 1;
}

/// Registers renumbered densely, so live sets are plain bit vectors.
class DenseRegisters {
public:
    std::uint32_t id(RegKey key)
    {
        const auto [it, added] = m_ids.try_emplace(key, static_cast<std::uint32_t>(m_slots.size()));
        if (added)
            m_slots.push_back(slotsOf(key));
        return it->second;
    }
    std::size_t size() const { return m_slots.size(); }
    int slots(std::uint32_t id) const { return m_slots[id]; }

private:
    std::unordered_map<RegKey, std::uint32_t> m_ids;
    std::vector<int> m_slots;
};

using LiveSet = std::vector<bool>;

/// Steps `live` backward over instruction `pc`: its unguarded writes end their ranges, its reads start them.
void stepBack(LiveSet& live, const timing::StaticInstruction& s, bool guarded, DenseRegisters& regs)
{
    if (!guarded) {
        for (std::size_t d = 0; d < s.dstCount; ++d)
            live[regs.id(s.dst[d])] = false;
    }
    for (std::size_t r = 0; r < s.srcCount; ++r)
        live[regs.id(s.src[r])] = true;
}

int weight(const LiveSet& live, const DenseRegisters& regs)
{
    int total = 0;
    for (std::uint32_t i = 0; i < live.size(); ++i)
        total += live[i] ? regs.slots(i) : 0;
    return total;
}

} // namespace

int estimateRegisters(const ptx::Function& fn)
{
    if (fn.instructions.empty())
        return 0;
    const auto statics = timing::analyzeFunction(fn);
    DenseRegisters regs;
    for (const auto& s : statics) {
        for (std::size_t d = 0; d < s.dstCount; ++d)
            regs.id(s.dst[d]);
        for (std::size_t r = 0; r < s.srcCount; ++r)
            regs.id(s.src[r]);
    }
    const ptx::ControlFlowGraph cfg(fn);
    const auto& blocks = cfg.blocks();
    std::vector<LiveSet> liveIn(blocks.size(), LiveSet(regs.size(), false));
    // Round-robin to the fixed point: live-out is the union of the successors' live-in.
    for (bool changed = true; changed;) {
        changed = false;
        for (std::size_t b = blocks.size(); b-- > 0;) {
            LiveSet live(regs.size(), false);
            for (const auto succ : blocks[b].successors) {
                if (succ < blocks.size())
                    std::transform(live.begin(), live.end(), liveIn[succ].begin(), live.begin(), std::logical_or<>());
            }
            for (auto pc = blocks[b].endPc; pc-- > blocks[b].firstPc;)
                stepBack(live, statics[pc], fn.instructions[pc].guarded, regs);
            if (live != liveIn[b]) {
                liveIn[b] = std::move(live);
                changed = true;
            }
        }
    }
    int most = 0;
    for (std::size_t b = 0; b < blocks.size(); ++b) {
        LiveSet live(regs.size(), false);
        for (const auto succ : blocks[b].successors) {
            if (succ < blocks.size())
                std::transform(live.begin(), live.end(), liveIn[succ].begin(), live.begin(), std::logical_or<>());
        }
        most = std::max(most, weight(live, regs));
        for (auto pc = blocks[b].endPc; pc-- > blocks[b].firstPc;) {
            stepBack(live, statics[pc], fn.instructions[pc].guarded, regs);
            most = std::max(most, weight(live, regs));
        }
    }
    return most;
}

} // namespace engine

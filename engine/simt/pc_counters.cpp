#include "engine/simt/launch.h"

namespace engine::simt {

std::vector<PcCounters> makePcCounters(const ptx::Module& module)
{
    std::vector<PcCounters> out(module.functions.size());
    for (std::size_t f = 0; f < module.functions.size(); ++f) {
        const std::size_t n = module.functions[f].instructions.size();
        out[f].warpExecutions.assign(n, 0);
        out[f].threadExecutions.assign(n, 0);
        out[f].divergentBranches.assign(n, 0);
    }
    return out;
}

void movePcCounters(std::vector<PcCounters>& from, std::vector<PcCounters>& into)
{
    const auto move = [](std::vector<std::uint64_t>& a, std::vector<std::uint64_t>& b) {
        for (std::size_t pc = 0; pc < a.size(); ++pc) {
            b[pc] += a[pc];
            a[pc] = 0;
        }
    };
    for (std::size_t f = 0; f < from.size(); ++f) {
        move(from[f].warpExecutions, into[f].warpExecutions);
        move(from[f].threadExecutions, into[f].threadExecutions);
        move(from[f].divergentBranches, into[f].divergentBranches);
    }
}

} // namespace engine::simt

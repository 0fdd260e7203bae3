#include "engine/host/simulated_share.h"

namespace engine {

double simulatedShare(const RunReport& report)
{
    std::uint64_t blocks = 0;
    std::uint64_t simulated = 0;
    for (const auto& launch : report.launches) {
        const std::uint64_t grid = std::uint64_t { launch.grid[0] } * launch.grid[1] * launch.grid[2];
        blocks += grid;
        simulated += launch.outcome.simulatedBlocks.value_or(grid);
    }
    return blocks == 0 ? 1.0 : static_cast<double>(simulated) / static_cast<double>(blocks);
}

} // namespace engine

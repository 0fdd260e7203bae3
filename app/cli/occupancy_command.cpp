// warpscope-cli occupancy --device ID --block T [--regs R] [--smem BYTES] [--json] [--curves]
#include "app/cli/command_list.h"
#include "app/cli/device_loading.h"

#include "engine/occupancy/occupancy_calculator.h"
#include "engine/occupancy/occupancy_curves.h"

#include <nlohmann/json.hpp>

#include <climits>
#include <cmath>

namespace app::cli {

namespace {

nlohmann::json limitJson(int blocks)
{
    // INT_MAX means "this resource does not limit"; JSON gets null rather than a huge number.
    return blocks == INT_MAX ? nlohmann::json(nullptr) : nlohmann::json(blocks);
}

nlohmann::json curveJson(const std::vector<engine::OccupancyPoint>& points)
{
    auto array = nlohmann::json::array();
    for (const auto& point : points)
        array.push_back({ point.x, point.occupancy });
    return array;
}

nlohmann::json resultJson(const engine::DeviceProfile& profile, const engine::OccupancyInput& input,
    const engine::OccupancyResult& r)
{
    auto factors = nlohmann::json::array();
    for (const auto limit : r.limitedBy)
        factors.push_back(engine::toString(limit));
    return {
        { "device", profile.id },
        { "compute_capability", profile.computeCapability.toString() },
        { "threads_per_block", input.threadsPerBlock },
        { "registers_per_thread", input.registersPerThread },
        { "shared_bytes_per_block", input.sharedBytesPerBlock },
        { "warps_per_block", r.warpsPerBlock },
        { "blocks_per_sm", r.blocksPerSm },
        { "active_warps_per_sm", r.activeWarpsPerSm },
        { "active_threads_per_sm", r.activeThreadsPerSm },
        { "max_warps_per_sm", profile.limits.maxWarpsPerSm },
        { "occupancy", r.occupancy },
        { "limited_by", factors.empty() ? nlohmann::json(nullptr) : factors.front() },
        { "limiting_factors", factors },
        { "blocks_limit",
            { { "blocks", limitJson(r.blocksBySlots) }, { "warps", limitJson(r.blocksByWarps) },
                { "registers", limitJson(r.blocksByRegisters) },
                { "shared_memory", limitJson(r.blocksBySharedMemory) } } },
        { "allocated_registers_per_block", r.allocatedRegistersPerBlock },
        { "allocated_shared_bytes_per_block", r.allocatedSharedBytesPerBlock },
        { "explanation", engine::explainOccupancy(profile, input, r) },
    };
}

int runOccupancy(const ParsedArgs& args, CommandIo& io)
{
    if (!args.positional().empty())
        throw UsageError("occupancy takes no positional arguments (got '" + args.positional().front() + "')");
    const auto deviceId = args.required("device");
    const engine::OccupancyInput input {
        static_cast<int>(args.integer("block", 1, INT_MAX, std::nullopt)),
        static_cast<int>(args.integer("regs", 0, INT_MAX, 0)),
        static_cast<int>(args.integer("smem", 0, INT_MAX, 0)),
    };
    const auto catalog = loadCatalogOrReport(io.err);
    if (!catalog)
        return ExitBadInput;
    const auto profile = catalog->get(deviceId);
    if (!profile)
        throw UsageError(profile.error().message);
    const auto result = engine::calculateOccupancy(**profile, input);
    if (!result)
        throw UsageError(result.error().message);

    if (args.flag("json") || args.flag("curves")) {
        auto json = resultJson(**profile, input, *result);
        if (args.flag("curves")) {
            const auto curves = engine::occupancyCurves(**profile, input);
            json["curves"] = { { "threads_per_block", curveJson(curves.byThreadsPerBlock) },
                { "registers_per_thread", curveJson(curves.byRegistersPerThread) },
                { "shared_bytes_per_block", curveJson(curves.bySharedBytesPerBlock) } };
        }
        io.out << json.dump(2) << '\n';
        return ExitOk;
    }
    io.out << (**profile).name << " (CC " << (**profile).computeCapability.toString() << ")\n"
           << "blocks per SM:       " << result->blocksPerSm << '\n'
           << "active warps per SM: " << result->activeWarpsPerSm << " of " << (**profile).limits.maxWarpsPerSm << '\n'
           << "occupancy:           " << std::lround(result->occupancy * 100) << " %\n"
           << engine::explainOccupancy(**profile, input, *result) << '\n';
    return ExitOk;
}

} // namespace

Command occupancyCommand()
{
    return Command {
        "occupancy",
        "theoretical occupancy of a launch configuration, as CUDA's occupancy calculator computes it",
        "occupancy --device ID --block THREADS [--regs R] [--smem BYTES] [--json] [--curves]",
        {
            { "device", "ID", "device profile id (see `warpscope-cli devices`)", false },
            { "block", "THREADS", "threads per block", false },
            { "regs", "R", "registers per thread (default 0: registers do not limit)", false },
            { "smem", "BYTES", "shared memory per block, static + dynamic (default 0)", false },
            { "json", "", "print one JSON document", false },
            { "curves", "", "add the calculator's three graphs to the JSON (implies --json)", false },
        },
        runOccupancy,
    };
}

} // namespace app::cli

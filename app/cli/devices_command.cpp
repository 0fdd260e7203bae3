// warpscope-cli devices [--json]: the device profiles users can pick.
#include "app/cli/command_list.h"
#include "app/cli/device_loading.h"
#include "app/cli/text_table.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace app::cli {

namespace {

nlohmann::json deviceJson(const engine::DeviceProfile& p)
{
    return {
        { "id", p.id },
        { "name", p.name },
        { "compute_capability", p.computeCapability.toString() },
        { "sm_count", p.smCount },
        { "core_clock_mhz", p.coreClockMhz },
        { "memory_type", p.memory.type },
        { "memory_clock_mhz", p.memory.clockMhz },
        { "bus_width_bits", p.memory.busWidthBits },
        { "memory_bytes", p.memory.bytes },
        { "ecc", p.memory.ecc },
        { "theoretical_bandwidth_gbps", engine::theoreticalBandwidthGBps(p.memory) },
        { "warp_size", p.warpSize },
        { "max_threads_per_block", p.limits.maxThreadsPerBlock },
        { "max_threads_per_sm", p.limits.maxThreadsPerSm },
        { "max_warps_per_sm", p.limits.maxWarpsPerSm },
        { "max_blocks_per_sm", p.limits.maxBlocksPerSm },
        { "registers_per_sm", p.limits.registersPerSm },
        { "max_registers_per_thread", p.limits.maxRegistersPerThread },
        { "shared_memory_per_sm_bytes", p.limits.sharedMemoryPerSmBytes },
        { "max_shared_memory_per_block_bytes", p.limits.maxSharedMemoryPerBlockBytes },
        { "l2_bytes", p.caches.l2Bytes },
        { "coalescing", engine::toString(p.coalescing) },
        { "shared_memory_banks", p.sharedMemory.banks },
        { "shared_memory_bank_width_bytes", p.sharedMemory.bankWidthBytes },
        { "async_engine_count", p.host.asyncEngineCount },
        { "origin", p.origin },
    };
}

std::string fixed(double value, int decimals)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

int runDevices(const ParsedArgs& args, CommandIo& io)
{
    if (!args.positional().empty())
        throw UsageError("devices takes no arguments");
    const auto catalog = loadCatalogOrReport(io.err);
    if (!catalog)
        return ExitBadInput;
    if (args.flag("json")) {
        auto devices = nlohmann::json::array();
        for (const auto& profile : catalog->profiles())
            devices.push_back(deviceJson(profile));
        io.out << nlohmann::json { { "devices", devices } }.dump(2) << '\n';
        return ExitOk;
    }
    TextTable table({ "id", "name", "CC", "SMs", "clock MHz", "GB/s", "warps/SM", "regs/SM", "smem/SM" });
    for (const auto& p : catalog->profiles()) {
        table.addRow({ p.id, p.name, p.computeCapability.toString(), std::to_string(p.smCount),
            fixed(p.coreClockMhz, 0), fixed(engine::theoreticalBandwidthGBps(p.memory), 1),
            std::to_string(p.limits.maxWarpsPerSm), std::to_string(p.limits.registersPerSm),
            std::to_string(p.limits.sharedMemoryPerSmBytes) });
    }
    table.print(io.out);
    return ExitOk;
}

} // namespace

Command devicesCommand()
{
    return Command {
        "devices",
        "list the modeled GPUs (built-in profiles and those in the user's profile directory)",
        "devices [--json]",
        { { "json", "", "print one JSON document: {\"devices\": [...]}", false } },
        runDevices,
    };
}

} // namespace app::cli

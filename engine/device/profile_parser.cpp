#include "engine/device/profile_parser.h"

#include "engine/common/json_document.h"
#include "engine/common/json_reader.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>

namespace engine {

namespace {

constexpr std::int64_t kIntMax = std::numeric_limits<int>::max();
constexpr std::int64_t kI64Max = std::numeric_limits<std::int64_t>::max();

int asInt(std::int64_t value)
{
    return static_cast<int>(value);
}

ComputeCapability readComputeCapability(JsonObject& root)
{
    const auto path = root.pathOf("compute_capability");
    const auto text = root.string("compute_capability");
    const auto dot = text.find('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 >= text.size())
        throw JsonPathError(path, "expected \"major.minor\", found \"" + text + "\"");
    try {
        return ComputeCapability {std::stoi(text.substr(0, dot)), std::stoi(text.substr(dot + 1))};
    } catch (const std::exception&) {
        throw JsonPathError(path, "expected \"major.minor\", found \"" + text + "\"");
    }
}

std::array<std::int64_t, 3> readDims(JsonObject& object, std::string_view key)
{
    const auto& value = object.raw(key);
    if (!value.is_array() || value.size() != 3)
        throw JsonPathError(object.pathOf(key), "expected an array of three positive integers");
    std::array<std::int64_t, 3> dims {};
    for (std::size_t i = 0; i < 3; ++i) {
        if (!value[i].is_number_integer() || value[i].get<std::int64_t>() < 1)
            throw JsonPathError(object.pathOf(key) + '/' + std::to_string(i), "expected a positive integer");
        dims[i] = value[i].get<std::int64_t>();
    }
    return dims;
}

MemorySpec readMemory(JsonObject object)
{
    MemorySpec memory;
    memory.type = object.string("type");
    memory.clockMhz = object.number("clock_mhz", 1, 1e5);
    memory.busWidthBits = asInt(object.integer("bus_width_bits", 8, 65536));
    memory.dataRate = asInt(object.integer("data_rate", 1, 16));
    memory.bytes = static_cast<std::uint64_t>(object.integer("bytes", 1, kI64Max));
    memory.ecc = object.boolean("ecc", false);
    object.finish();
    return memory;
}

Limits readLimits(JsonObject object)
{
    Limits limits;
    limits.maxThreadsPerBlock = asInt(object.integer("max_threads_per_block", 1, 65536));
    limits.maxBlockDim = readDims(object, "max_block_dim");
    limits.maxGridDim = readDims(object, "max_grid_dim");
    limits.maxThreadsPerSm = asInt(object.integer("max_threads_per_sm", 1, 65536));
    limits.maxWarpsPerSm = asInt(object.integer("max_warps_per_sm", 1, 4096));
    limits.maxBlocksPerSm = asInt(object.integer("max_blocks_per_sm", 1, 4096));
    limits.registersPerSm = asInt(object.integer("registers_per_sm", 1, kIntMax));
    limits.maxRegistersPerBlock = asInt(object.integer("max_registers_per_block", 1, kIntMax));
    limits.maxRegistersPerThread = asInt(object.integer("max_registers_per_thread", 1, 65536));
    limits.sharedMemoryPerSmBytes = asInt(object.integer("shared_memory_per_sm_bytes", 0, kIntMax));
    limits.maxSharedMemoryPerBlockBytes = asInt(object.integer("max_shared_memory_per_block_bytes", 0, kIntMax));
    limits.constantMemoryBytes = asInt(object.integer("constant_memory_bytes", 0, kIntMax));
    object.finish();
    if (limits.maxSharedMemoryPerBlockBytes > limits.sharedMemoryPerSmBytes)
        throw JsonPathError(
            object.pathOf("max_shared_memory_per_block_bytes"), "larger than shared_memory_per_sm_bytes");
    if (limits.maxThreadsPerBlock > limits.maxThreadsPerSm)
        throw JsonPathError(object.pathOf("max_threads_per_block"), "larger than max_threads_per_sm");
    return limits;
}

Allocation readAllocation(JsonObject object)
{
    Allocation allocation;
    allocation.registerAllocationUnit = asInt(object.integer("register_allocation_unit", 1, 65536));
    const auto granularity = object.string("register_allocation_granularity");
    if (granularity == "block")
        allocation.registerGranularity = RegisterGranularity::Block;
    else if (granularity == "warp")
        allocation.registerGranularity = RegisterGranularity::Warp;
    else
        throw JsonPathError(object.pathOf("register_allocation_granularity"),
            "expected \"block\" or \"warp\", found \"" + granularity + "\"");
    allocation.warpAllocationGranularity = asInt(object.integer("warp_allocation_granularity", 1, 64));
    allocation.sharedMemoryAllocationUnitBytes = asInt(object.integer("shared_memory_allocation_unit_bytes", 1, 65536));
    allocation.reservedSharedMemoryPerBlockBytes
        = asInt(object.integer("reserved_shared_memory_per_block_bytes", 0, 65536));
    object.finish();
    return allocation;
}

CacheSpec readCaches(JsonObject object)
{
    CacheSpec caches;
    caches.l1Bytes = asInt(object.integer("l1_bytes", 0, kIntMax));
    caches.l1LineBytes = asInt(object.integer("l1_line_bytes", 0, 4096));
    caches.l1SectorBytes = asInt(object.integer("l1_sector_bytes", 0, 4096));
    caches.l1CachesGlobalLoads = object.boolean("l1_caches_global_loads");
    caches.l2Bytes = asInt(object.integer("l2_bytes", 0, kIntMax));
    caches.l2LineBytes = asInt(object.integer("l2_line_bytes", 0, 4096));
    caches.l2SectorBytes = asInt(object.integer("l2_sector_bytes", 0, 4096));
    object.finish();
    return caches;
}

CoalescingGeneration readCoalescing(JsonObject& root)
{
    const auto path = root.pathOf("coalescing");
    const auto text = root.string("coalescing");
    if (text == "cc10")
        return CoalescingGeneration::Cc10;
    if (text == "cc12")
        return CoalescingGeneration::Cc12;
    if (text == "cc20")
        return CoalescingGeneration::Cc20;
    if (text == "sectored")
        return CoalescingGeneration::Sectored;
    throw JsonPathError(path, "expected one of \"cc10\", \"cc12\", \"cc20\", \"sectored\", found \"" + text + "\"");
}

SharedMemorySpec readSharedMemory(JsonObject object)
{
    SharedMemorySpec shared;
    shared.banks = asInt(object.integer("banks", 1, 1024));
    shared.bankWidthBytes = asInt(object.integer("bank_width_bytes", 1, 64));
    shared.halfWarp = object.boolean("half_warp");
    shared.multicast = object.boolean("multicast");
    object.finish();
    return shared;
}

HostLink readHost(JsonObject object)
{
    HostLink host;
    host.asyncEngineCount = asInt(object.integer("async_engine_count", 0, 64));
    host.linkGBps = object.number("link_gbps", 0.001, 1e5);
    host.pinnedHostToDeviceGBps = object.number("pinned_h2d_gbps", 0.001, 1e5);
    host.pinnedDeviceToHostGBps = object.number("pinned_d2h_gbps", 0.001, 1e5);
    host.pageableHostToDeviceGBps = object.number("pageable_h2d_gbps", 0.001, 1e5);
    host.pageableDeviceToHostGBps = object.number("pageable_d2h_gbps", 0.001, 1e5);
    host.transferLatencyUs = object.number("transfer_latency_us", 0, 1e6);
    host.asyncTransferLatencyUs = object.has("async_transfer_latency_us")
        ? object.number("async_transfer_latency_us", 0, 1e6)
        : host.transferLatencyUs;
    object.finish();
    return host;
}

TimingSpec readTiming(JsonObject object)
{
    TimingSpec timing;
    timing.warpSchedulersPerSm = asInt(object.integer("warp_schedulers_per_sm", 1, TimingSpec::kMaxWarpSchedulersPerSm));
    timing.l1HitLatencyCycles = asInt(object.integer("l1_hit_latency_cycles", 0, 100000));
    timing.l2HitLatencyCycles = asInt(object.integer("l2_hit_latency_cycles", 0, 100000));
    timing.dramLatencyCycles = asInt(object.integer("dram_latency_cycles", 1, 100000));
    timing.l1Ways = asInt(object.integer("l1_ways", 1, 4096));
    timing.l2Ways = asInt(object.integer("l2_ways", 1, 4096));
    timing.dramAccessBytes = asInt(object.integer("dram_access_bytes", 1, 4096));
    timing.l2FetchBytes = asInt(object.integer("l2_fetch_bytes", 32, 128, 32));
    if (!std::has_single_bit(static_cast<unsigned>(timing.l2FetchBytes)))
        throw JsonPathError(
            object.pathOf("l2_fetch_bytes"), "expected 32, 64 or 128 (whole 32-byte sectors, a power of two)");
    timing.dramSustainedFraction
        = object.has("dram_sustained_fraction") ? object.number("dram_sustained_fraction", 0.05, 1) : 1.0;
    timing.blockLaunchCycles = asInt(object.integer("block_launch_cycles", 0, 1000000));
    timing.warpLaunchCycles = asInt(object.integer("warp_launch_cycles", 0, 100000, 0));
    timing.blockReplacementCycles = asInt(object.integer("block_replacement_cycles", 0, 1000000, 0));
    timing.launchOverheadUs = object.number("launch_overhead_us", 0, 1e6);
    timing.launchFixedCycles = asInt(object.integer("launch_fixed_cycles", 0, 10000000, 0));
    timing.l2AtomicRequestCycles = object.number("l2_atomic_request_cycles", 0, 1e5, 0);
    timing.l2CasRequestCycles = object.number("l2_cas_request_cycles", 0, 1e5, timing.l2AtomicRequestCycles);
    timing.l2AtomicLaneCycles = object.number("l2_atomic_lane_cycles", 0, 1e5, 1);
    timing.sharedCasPassesPerLane = asInt(object.integer("shared_cas_passes_per_lane", 1, 64, 1));
    object.finish();
    return timing;
}

RooflineSpec readRoofline(JsonObject object)
{
    RooflineSpec roofline;
    roofline.fp16OpsPerClockPerSm = object.number("fp16_ops_per_clock_per_sm", 0, 1e6, 0);
    roofline.tensorFlopsPerClockPerSm = object.number("tensor_flops_per_clock_per_sm", 0, 1e7, 0);
    roofline.l1BytesPerClockPerSm = object.number("l1_bytes_per_clock_per_sm", 0, 1e6, 0);
    roofline.l2GBps = object.number("l2_gbps", 0, 1e7, 0);
    object.finish();
    return roofline;
}

std::map<std::string, InstructionClassTiming> readInstructions(JsonObject& root, std::set<std::string>* leaves)
{
    const auto& value = root.raw("instructions");
    JsonObject all(value, root.pathOf("instructions"), leaves);
    std::map<std::string, InstructionClassTiming> classes;
    for (const auto& item : value.items()) {
        JsonObject entry = all.object(item.key());
        InstructionClassTiming timing;
        timing.latencyCycles = entry.number("latency_cycles", 0, 1e6);
        timing.opsPerClockPerSm = entry.number("ops_per_clock_per_sm", 0, 1e6, 0);
        entry.finish();
        classes.emplace(item.key(), timing);
    }
    return classes;
}

std::map<std::string, std::string> readSources(JsonObject& root, const std::set<std::string>& leaves)
{
    const auto path = root.pathOf("sources");
    const auto& value = root.raw("sources");
    if (!value.is_object())
        throw JsonPathError(path, "expected an object mapping keys to citations");
    std::map<std::string, std::string> sources;
    for (const auto& item : value.items()) {
        const auto& key = item.key();
        const bool known = leaves.contains(key)
            || std::any_of(leaves.begin(), leaves.end(), [&](const auto& leaf) { return leaf.starts_with(key + '.'); });
        if (!known)
            throw JsonPathError(path + '/' + key, "cites a key the profile does not have");
        if (!item.value().is_string() || item.value().get<std::string>().empty())
            throw JsonPathError(path + '/' + key, "expected a non-empty citation string");
        sources.emplace(key, item.value().get<std::string>());
    }
    return sources;
}

void checkConsistency(const DeviceProfile& profile)
{
    if (profile.warpSize * profile.limits.maxWarpsPerSm < profile.limits.maxThreadsPerSm)
        throw JsonPathError("/limits/max_warps_per_sm", "max_warps_per_sm × warp_size is below max_threads_per_sm");
    if (profile.allocation.registerAllocationUnit > profile.limits.registersPerSm)
        throw JsonPathError("/allocation/register_allocation_unit", "larger than registers_per_sm");
}

DeviceProfile readProfile(const nlohmann::json& json)
{
    std::set<std::string> leaves;
    JsonObject root(json, "", &leaves);
    DeviceProfile profile;
    profile.id = root.string("id");
    if (profile.id.empty() || profile.id.find_first_of(" \t/,") != std::string::npos)
        throw JsonPathError("/id", "expected a non-empty id without spaces, commas or slashes");
    profile.name = root.string("name");
    profile.computeCapability = readComputeCapability(root);
    profile.smCount = asInt(root.integer("sm_count", 1, 100000));
    profile.coreClockMhz = root.number("core_clock_mhz", 1, 1e5);
    profile.warpSize = asInt(root.integer("warp_size", 32, 32));
    profile.memory = readMemory(root.object("memory"));
    profile.limits = readLimits(root.object("limits"));
    profile.allocation = readAllocation(root.object("allocation"));
    profile.caches = readCaches(root.object("caches"));
    profile.coalescing = readCoalescing(root);
    profile.sharedMemory = readSharedMemory(root.object("shared_memory"));
    profile.host = readHost(root.object("host"));
    profile.timing = readTiming(root.object("timing"));
    if (root.has("roofline"))
        profile.roofline = readRoofline(root.object("roofline"));
    profile.instructions = readInstructions(root, &leaves);
    profile.sources = readSources(root, leaves);
    root.finish();
    leaves.erase("instructions");
    leaves.erase("sources");
    profile.fields = std::move(leaves);
    checkConsistency(profile);
    return profile;
}

} // namespace

Result<DeviceProfile> parseDeviceProfile(std::string_view text, const std::string& fileName)
{
    auto json = parseJsonDocument(text, fileName);
    if (!json)
        return json.error();
    try {
        auto profile = readProfile(*json);
        profile.origin = fileName;
        return profile;
    } catch (const JsonPathError& error) {
        return Error {ErrorCode::ParseError, error.what(), SourceLocation::atJsonPath(fileName, error.path)};
    }
}

} // namespace engine

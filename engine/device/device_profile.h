#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace engine {

/// Compute capability major.minor, ordered so rules can ask "CC 2.0 or later".
struct ComputeCapability {
    int major = 0;
    int minor = 0;

    auto operator<=>(const ComputeCapability&) const = default;
    std::string toString() const { return std::to_string(major) + '.' + std::to_string(minor); }
};

/// How global-memory requests turn into transactions; one rule per generation (DESIGN.md).
enum class CoalescingGeneration {
    Cc10, ///< CC 1.0/1.1 strict half-warp coalescing
    Cc12, ///< CC 1.2/1.3 half-warp segment reduction
    Cc20, ///< CC 2.x per-warp 128-byte L1 lines or 32-byte L2 segments
    Sectored, ///< CC 3.0 and later: per-warp 32-byte sectors
};

/// Whether registers are allocated to whole blocks (CC 1.x) or to warps (CC 2.0 and later).
enum class RegisterGranularity { Block, Warp };

/// DRAM interface: the Best Practices Guide's theoretical-bandwidth inputs.
struct MemorySpec {
    std::string type; ///< GDDR3, GDDR5, HBM2, ...
    double clockMhz = 0; ///< memory clock as deviceQuery reports it
    int busWidthBits = 0;
    int dataRate = 2; ///< transfers per clock (double data rate)
    std::uint64_t bytes = 0; ///< device memory size
    bool ecc = false; ///< ECC enabled (the board's setting the profile models)
};

/// Hard limits per block and per SM.
struct Limits {
    int maxThreadsPerBlock = 0;
    std::array<std::int64_t, 3> maxBlockDim{};
    std::array<std::int64_t, 3> maxGridDim{};
    int maxThreadsPerSm = 0;
    int maxWarpsPerSm = 0;
    int maxBlocksPerSm = 0;
    int registersPerSm = 0;
    int maxRegistersPerBlock = 0;
    int maxRegistersPerThread = 0;
    int sharedMemoryPerSmBytes = 0; ///< the largest shared-memory configuration of the SM
    int maxSharedMemoryPerBlockBytes = 0; ///< with opt-in where the generation has it
    int constantMemoryBytes = 0;
};

/// How registers, warps and shared memory are handed out; what the occupancy calculator rounds by.
struct Allocation {
    int registerAllocationUnit = 0; ///< registers
    RegisterGranularity registerGranularity = RegisterGranularity::Warp;
    int warpAllocationGranularity = 1; ///< warps (the register file's sub-partitions)
    int sharedMemoryAllocationUnitBytes = 0;
    int reservedSharedMemoryPerBlockBytes = 0; ///< taken by the runtime on CC 8.0 and later
};

struct CacheSpec {
    int l1Bytes = 0; ///< 0 when the generation has no L1 for global data
    int l1LineBytes = 0;
    int l1SectorBytes = 0;
    bool l1CachesGlobalLoads = false; ///< default policy for global loads
    int l2Bytes = 0;
    int l2LineBytes = 0;
    int l2SectorBytes = 0;
};

struct SharedMemorySpec {
    int banks = 0;
    int bankWidthBytes = 0;
    bool halfWarp = false; ///< conflicts are resolved per half-warp (CC 1.x)
    bool multicast = false; ///< several lanes reading one word are served together beyond a single broadcast
};

/// Host side: copy engines and the host link.
struct HostLink {
    int asyncEngineCount = 0;
    double linkGBps = 0; ///< theoretical, one direction
    double pinnedHostToDeviceGBps = 0;
    double pinnedDeviceToHostGBps = 0;
    double pageableHostToDeviceGBps = 0;
    double pageableDeviceToHostGBps = 0;
    double transferLatencyUs = 0; ///< fixed cost per synchronous copy (cudaMemcpy)
    /// Fixed cost per asynchronous pinned copy (cudaMemcpyAsync), which does not wait for the host; the
    /// synchronous cost when the profile gives none.
    double asyncTransferLatencyUs = 0;
};

/// What the timing model needs beyond the instruction classes: schedulers, cache geometry and the latency
/// of each level of the memory hierarchy (resources/devices/README.md, `timing`).
struct TimingSpec {
    static constexpr int kMaxWarpSchedulersPerSm = 64;
    int warpSchedulersPerSm = 1; ///< each issues at most one warp instruction per clock; 1 to kMaxWarpSchedulersPerSm
    int l1HitLatencyCycles = 0; ///< load-to-use latency of an L1 hit (0 when there is no L1 for global data)
    int l2HitLatencyCycles = 0; ///< load-to-use latency of an L2 hit (0 when there is no L2)
    int dramLatencyCycles = 0; ///< load-to-use latency of a DRAM access on an idle memory system
    int l1Ways = 1; ///< associativity of the L1 data cache
    int l2Ways = 1; ///< associativity of the L2 cache
    int dramAccessBytes = 32; ///< the smallest unit DRAM traffic is counted and moved in
    /// The aligned chunk an L2 read miss fetches from DRAM (cudaLimitMaxL2FetchGranularity's default): the
    /// missed sectors widen to whole chunks, so scattered loads move more than the sectors they touch.
    int l2FetchBytes = 32;
    /// The share of the theoretical bandwidth DRAM sustains when a copy streams through it (1 when not
    /// measured): the Best Practices Guide's effective bandwidth stays below its theoretical one (§8.2).
    double dramSustainedFraction = 1;
    int blockLaunchCycles = 0; ///< an SM starts at most one new block per this many cycles
    /// A block that takes the slot of one that retired starts at least this many cycles after the retirement
    /// (0: at once): the time from a block's end to its successor's first instruction on that SM.
    int blockReplacementCycles = 0;
    int warpLaunchCycles = 0; ///< ... and takes this many cycles per warp of the block it starts (0: none)
    double launchOverheadUs = 0; ///< what CUDA events add to a kernel's own duration
    /// SM cycles a launch spends before its first block starts and after its last block ends (0: none), part
    /// of the kernel's own duration (ncu's sm__cycles_elapsed and gpu__time_duration count them).
    int launchFixedCycles = 0;
    /// Same-address atomics serialize where they are resolved (opencl-programming-guide-2.3.txt §2.1.2: "they
    /// are all serialized"): a global atomic request keeps its line's atomic unit busy this many cycles...
    double l2AtomicRequestCycles = 0;
    double l2CasRequestCycles = 0; ///< the same for atom.cas
    /// ... plus this many for each lane on the line's most-used address (1 when not measured).
    double l2AtomicLaneCycles = 1;
    /// A shared-memory atomic takes one pass per lane on its most-used word; atomicCAS this many.
    int sharedCasPassesPerLane = 1;
};

/// Peaks the roofline and speed-of-light charts need beyond the instruction classes and DRAM
/// (resources/devices/README.md, `roofline`); 0 where the device lacks the unit or no public source gives it.
struct RooflineSpec {
    double fp16OpsPerClockPerSm = 0; ///< 16-bit float add/mul/fma lane operations (not tensor cores)
    double tensorFlopsPerClockPerSm = 0; ///< dense FP16 tensor-core FLOPs (an FMA counts two)
    /// Bytes the L1 serves per clock per SM for global and local accesses; 0: as shared memory does when the L1
    /// caches global loads (one SRAM and data path since CC 2.0), none otherwise.
    double l1BytesPerClockPerSm = 0;
    double l2GBps = 0; ///< the L2's bandwidth, 10^9 bytes/s; 0 when unknown or there is no L2
};

/// Latency and throughput of one instruction class.
struct InstructionClassTiming {
    double latencyCycles = 0; ///< dependent-issue latency
    double opsPerClockPerSm = 0; ///< lane operations per clock per SM (0 when not a pipeline limit)
};

/// One modeled GPU. Loaded from resources/devices/*.json or a user's profile directory.
struct DeviceProfile {
    std::string id; ///< short key users type: "v100"
    std::string name; ///< product name
    ComputeCapability computeCapability;
    int smCount = 0;
    double coreClockMhz = 0;
    int warpSize = 32;
    MemorySpec memory;
    Limits limits;
    Allocation allocation;
    CacheSpec caches;
    CoalescingGeneration coalescing = CoalescingGeneration::Sectored;
    SharedMemorySpec sharedMemory;
    HostLink host;
    TimingSpec timing;
    RooflineSpec roofline;
    std::map<std::string, InstructionClassTiming> instructions; ///< by class name: "fp32", "global", ...
    std::map<std::string, std::string> sources; ///< dotted key -> citation (seed section or public spec)
    std::set<std::string> fields; ///< dotted keys the profile file defined, e.g. "limits.max_warps_per_sm"
    std::string origin; ///< where it was loaded from: "built-in" or a file path
};

/// Dotted keys of `profile.fields` that no entry of `profile.sources` cites (an entry cites a key and
/// everything under it).
std::vector<std::string> uncitedFields(const DeviceProfile& profile);

/// The Best Practices Guide's theoretical bandwidth in GB/s (10^9 bytes/s):
/// clock × (bus width / 8) × data rate ÷ 10^9 (best-practices-guide-v8.0.txt §8.2.1).
double theoreticalBandwidthGBps(const MemorySpec& memory);

/// The share of the theoretical bandwidth DRAM can deliver with the profile's ECC setting: 0.8 for GDDR memory
/// with ECC on, whose checksums travel with the data; 1 otherwise, HBM having dedicated ECC resources
/// (best-practices-guide-v8.0.txt §8.2.1; best-practices-guide-current.txt §8.2.1).
double eccBandwidthFactor(const MemorySpec& memory);

/// Device memory a program can allocate: GDDR memory with ECC on keeps 6.25 % for the ECC bits
/// (best-practices-guide-current.txt §8.2.1).
std::uint64_t usableMemoryBytes(const MemorySpec& memory);

const char* toString(CoalescingGeneration generation);

} // namespace engine

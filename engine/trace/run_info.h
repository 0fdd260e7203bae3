#pragma once

#include "engine/trace/strong_id.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace engine {

// The cold records of a run: a handful per run, so plain structs with std types.

/// What a run was: enough to reproduce it and to label it in a run list.
struct RunInfo {
    std::string date; ///< ISO 8601 UTC, e.g. "2025-01-31T12:00:00Z"
    std::string toolVersion; ///< warpscope's version that made the run
    std::string deviceId; ///< profile id, e.g. "v100"
    std::string deviceName;
    std::string deviceProfileJson; ///< the profile's full JSON text, so the run survives profile edits
    std::string scenarioPath; ///< as given by the user; empty for a bare kernel
    std::string scenarioText; ///< the scenario file's contents
    std::vector<std::pair<std::string, std::int64_t>> parameters; ///< after --set overrides
    std::string sampling; ///< which SMs/blocks got detailed events, in words; empty when all did
    std::uint32_t sweepPointsPlanned = 0; ///< a sweep's points, recorded as each finishes; 0 for a plain run
};

/// A module the run loaded: its PTX and, when it came from a .cu file, the CUDA source.
struct ModuleRecord {
    ModuleId id;
    std::string path;
    std::string ptxText;
    std::string cudaSource; ///< empty for a .ptx module
};

struct KernelRecord {
    KernelId id;
    ModuleId module;
    std::string name; ///< demangled
    std::string mangledName;
    std::uint32_t registersPerThread = 0;
    std::uint32_t staticSharedBytes = 0;
    std::uint32_t instructionCount = 0;
    std::string registersSource; ///< "ptxas sm_90", "ptxas sm_90 (recorded)" or "estimated" (kernel_resources.h)
};

/// Sent before a launch's events.
struct LaunchInfo {
    LaunchId id;
    KernelId kernel;
    StreamId stream;
    std::array<std::uint32_t, 3> grid { 1, 1, 1 };
    std::array<std::uint32_t, 3> block { 1, 1, 1 };
    std::uint32_t dynamicSharedBytes = 0;
};

/// Sent after a launch's events: the totals `warpscope-cli run --json` reports per launch.
struct LaunchSummary {
    LaunchId id;
    std::uint64_t cycles = 0;
    double startUs = 0; ///< on the run's host timeline
    double timeUs = 0;
    double effectiveBandwidthGbps = 0; ///< ((Br + Bw) / 1e9) / time
    double theoreticalOccupancy = 0; ///< 0..1
    double achievedOccupancy = 0; ///< 0..1
    std::uint64_t globalLoadRequests = 0, globalLoadSectors = 0, globalLoadTransactions = 0;
    std::uint64_t globalStoreRequests = 0, globalStoreSectors = 0, globalStoreTransactions = 0;
    std::uint64_t sharedLoadRequests = 0, sharedLoadWavefronts = 0;
    std::uint64_t sharedStoreRequests = 0, sharedStoreWavefronts = 0;
    std::uint64_t dramBytesRead = 0, dramBytesWrite = 0;
    std::uint64_t warpInstructions = 0, threadInstructions = 0;
    /// Bytes the active lanes asked for and bytes the memory moved for them (the generation's transactions),
    /// whose ratio is the load or store efficiency (best-practices-guide-v8.0.txt §9.2.1).
    std::uint64_t globalLoadBytesRequested = 0, globalLoadBytesMoved = 0;
    std::uint64_t globalStoreBytesRequested = 0, globalStoreBytesMoved = 0;
    /// Sectors the L1s and the L2 served (hit) or passed on (miss); zeros when no timing model ran.
    std::uint64_t l1HitSectors = 0, l1MissSectors = 0, l2HitSectors = 0, l2MissSectors = 0;
    /// Shared wavefronts the accesses would take without bank conflicts; zeros when unknown (older runs).
    std::uint64_t sharedLoadIdealWavefronts = 0, sharedStoreIdealWavefronts = 0;
};

/// Stored in trace files: append, never renumber.
enum class StreamOpKind : std::uint8_t { Kernel, MemcpyHtoD, MemcpyDtoH, MemcpyDtoD, Memset, EventRecord, EventWait, MemcpyHtoH };

/// One operation on the host timeline (a copy engine's transfer, a kernel, an event).
struct StreamOp {
    StreamId stream;
    StreamOpKind kind = StreamOpKind::Kernel;
    std::string name; ///< kernel name or "h_in -> idata"
    double startUs = 0;
    double endUs = 0;
    std::uint64_t bytes = 0; ///< 0 for kernels and events
    std::optional<LaunchId> launch; ///< set for kernels
};

/// One point of a parameter sweep: the inputs and the figures a sweep chart plots.
struct SweepPoint {
    std::uint32_t index = 0;
    std::string deviceId;
    std::vector<std::pair<std::string, std::int64_t>> parameters;
    double totalTimeUs = 0;
    double effectiveBandwidthGbps = 0;
    double simulatedShare = 1; ///< share of the point's blocks simulated (engine/host/simulated_share.h)
};

/// Sent last, once every event of the run was sent.
struct RunSummary {
    double totalTimeUs = 0;
};

} // namespace engine

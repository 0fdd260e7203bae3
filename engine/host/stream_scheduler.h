#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace engine {

/// What a device operation is, which decides the engine that executes it.
enum class DeviceOpKind { Kernel, MemcpyHostToDevice, MemcpyDeviceToHost, MemcpyDeviceToDevice, MemcpyHostToHost, Memset };

/// The hardware queue an operation occupies: the compute engine, or a copy engine.
enum class EngineKind { Compute, Copy, CopyHostToDevice, CopyDeviceToHost, Host };

const char* toString(DeviceOpKind kind);

/// The engine an operation of `kind` runs on for a device with `asyncEngineCount` copy engines.
EngineKind engineFor(DeviceOpKind kind, int asyncEngineCount);
const char* toString(EngineKind kind);

/// One operation the host issues, with the duration the device model gave it.
struct DeviceOp {
    DeviceOpKind kind = DeviceOpKind::Kernel;
    int stream = 0; ///< 0 is the legacy default stream
    bool async = false; ///< cudaMemcpyAsync and friends; kernels are always asynchronous
    bool pinned = true; ///< host memory of a copy is page-locked
    double durationUs = 0;
    std::uint64_t bytes = 0;
    std::string name;
};

/// Where and when an operation ran.
struct TimelineEntry {
    DeviceOp op;
    EngineKind engine = EngineKind::Compute;
    double startUs = 0;
    double endUs = 0;
};

/// Places host-issued operations on the device's engines in issue order, with the rules of the Best
/// Practices Guide §9.1.2 (best-practices-guide-v8.0.txt) and DIGEST §6.3-6.5:
/// - operations of one stream run in order;
/// - the legacy default stream (0) begins only after every earlier operation in any stream completes, and
///   no later operation in any stream begins before it finishes;
/// - asyncEngineCount 0: copies never overlap kernels; 1: one copy at a time beside kernels; 2 or more:
///   one host-to-device and one device-to-host copy at a time beside kernels;
/// - overlap needs pinned memory: a pageable copy is staged synchronously, so the host waits for it;
/// - blocking calls (cudaMemcpy, synchronize) hold the host until they finish; asynchronous ones return.
/// Each engine executes its queue in the order operations were issued. Kernels run one at a time on the
/// compute engine (concurrent kernels are not modeled).
class StreamScheduler {
public:
    explicit StreamScheduler(int asyncEngineCount);

    /// Issues `op` at the current host time and returns where it was placed.
    const TimelineEntry& submit(const DeviceOp& op);
    /// cudaEventRecord: the event completes when the stream's earlier work does.
    void record(const std::string& event, int stream);
    /// cudaStreamWaitEvent: later work of `stream` waits for the event. False when it was never recorded.
    bool wait(int stream, const std::string& event);
    /// cudaStreamSynchronize (a stream) or cudaDeviceSynchronize (nullopt): the host waits.
    void synchronize(std::optional<int> stream);
    /// Host-side work of `us` microseconds between calls.
    void hostWork(double us) { m_hostUs += us; }

    double hostTimeUs() const { return m_hostUs; }
    /// Completion time of the event, or nullopt when never recorded.
    std::optional<double> eventTimeUs(const std::string& event) const;
    /// When the last operation finishes (or the host, if later).
    double totalTimeUs() const;
    const std::vector<TimelineEntry>& entries() const { return m_entries; }

private:
    EngineKind engineFor(const DeviceOp& op) const;
    double streamReadyUs(int stream) const;

    int m_asyncEngineCount;
    double m_hostUs = 0;
    double m_lastDefaultStreamEndUs = 0; ///< the latest end of a default-stream operation
    double m_allEndUs = 0; ///< the latest end of any operation issued so far
    std::map<int, double> m_streamEndUs;
    std::map<int, double> m_streamWaitUs; ///< event waits not yet consumed by an operation
    std::map<EngineKind, double> m_engineFreeUs;
    std::map<std::string, double> m_events;
    std::vector<TimelineEntry> m_entries;
};

} // namespace engine

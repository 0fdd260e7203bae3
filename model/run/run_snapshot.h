#pragma once

#include <QMap>
#include <QString>
#include <QVector>

#include <array>
#include <optional>

namespace model {

/// What a timeline operation is (engine::DeviceOpKind, copied so views need no engine header).
enum class TimelineOpKind { Kernel, MemcpyHostToDevice, MemcpyDeviceToHost, MemcpyDeviceToDevice, MemcpyHostToHost, Memset };

/// The hardware queue an operation ran on (engine::EngineKind).
enum class TimelineEngine { Compute, Copy, CopyHostToDevice, CopyDeviceToHost, Host };

/// One operation on the stream timeline; times in microseconds from the start of the run.
struct TimelineBar {
    TimelineOpKind kind = TimelineOpKind::Kernel;
    TimelineEngine engine = TimelineEngine::Compute;
    int stream = 0; ///< 0 is the legacy default stream
    QString name;
    quint64 bytes = 0; ///< copies and memsets; 0 for kernels
    double startUs = 0;
    double endUs = 0;

    double durationUs() const { return endUs - startUs; }
};

/// One kernel launch with its counters, in the `run --json` units of DESIGN.md.
/// One line a kernel printed (device printf), with the thread that printed it.
struct PrintfEntry {
    std::array<quint32, 3> block { 0, 0, 0 };
    std::array<quint32, 3> thread { 0, 0, 0 };
    QString text; ///< as the host printed it, newline included
};

struct LaunchSummary {
    QString kernel;
    QString stepPath; ///< "/steps/1"
    int stream = 0;
    std::array<quint32, 3> grid { 1, 1, 1 };
    std::array<quint32, 3> block { 1, 1, 1 };
    quint64 sharedBytes = 0; ///< static + dynamic per block
    int registersPerThread = 0; ///< as the occupancy calculation used them; 0 when unknown
    QString registersSource; ///< "ptxas sm_90", "ptxas sm_90 (recorded)" or "estimated"; empty when unknown
    double startUs = 0; ///< where the launch ran on the run's timeline (its kernel bar)
    double endUs = 0;
    std::optional<double> timeUs; ///< empty while kernels run without a timing model
    std::optional<double> effectiveBandwidthGBps; ///< Best Practices Guide §8.2.2; needs timeUs
    std::optional<double> achievedOccupancy;
    double theoreticalOccupancy = 0; ///< 0..1
    quint64 loadRequests = 0;
    quint64 loadSectors = 0;
    quint64 loadTransactions = 0;
    quint64 storeRequests = 0;
    quint64 storeSectors = 0;
    quint64 storeTransactions = 0;
    double loadEfficiency = 1; ///< requested ÷ moved bytes, 0..1
    double storeEfficiency = 1;
    quint64 sharedLoadRequests = 0;
    quint64 sharedLoadWavefronts = 0;
    quint64 sharedStoreRequests = 0;
    quint64 sharedStoreWavefronts = 0;
    /// Shared wavefronts without bank conflicts (engine::MemoryCounterTotals); 0 when unknown (older runs).
    quint64 sharedLoadIdealWavefronts = 0;
    quint64 sharedStoreIdealWavefronts = 0;
    quint64 warpInstructions = 0;
    quint64 divergentBranches = 0;
    std::optional<double> l1HitRate; ///< sectors, 0..1; empty untimed or when nothing was looked up there
    std::optional<double> l2HitRate;
    std::optional<quint64> dramBytesRead; ///< empty untimed
    std::optional<quint64> dramBytesWritten;
    quint64 bytesRequested = 0; ///< bytes the program's global loads and stores asked for (Br + Bw)
    QVector<PrintfEntry> printfLines; ///< in the order the launch printed them
    quint64 printfDropped = 0; ///< lines the full printf buffer overwrote
};

/// Everything one scenario run produced, copied into Qt types once on the worker thread. Immutable.
struct RunSnapshot {
    QString scenarioFile;
    QString scenarioName;
    QString deviceId;
    QString deviceName;
    /// "transactions" on CC 1.x/2.x, whose coalescer counts its own unit; "sectors" on CC 3.0 and later.
    QString transactionUnit;
    double theoreticalBandwidthGBps = 0; ///< Best Practices Guide §8.2.1
    QMap<QString, qint64> params; ///< after overrides
    QVector<LaunchSummary> launches;
    QVector<TimelineBar> timeline;
    double totalTimeUs = 0;
    bool kernelsTimed = false; ///< false: kernels took no modeled time (no timing model yet)
    QString databasePath; ///< the session database the run is recorded in; empty when it is not
    qint64 runId = 0; ///< its id there
    QString recordError; ///< why recording failed (the run itself succeeded); empty otherwise
    /// A stored sweep: its points and the devices they ran on (the Bandwidth view draws them; the run has no
    /// launches of its own). 0 for a run.
    int sweepPoints = 0;
    int sweepDevices = 0;
    /// A snapshot of a run still in flight (RunController::partial): the launches its scenario makes, of which
    /// `launches` holds the finished ones. 0 for a finished run.
    int launchesPlanned = 0;

    bool isPartial() const { return launchesPlanned > 0; }
};

} // namespace model

#pragma once

#include <array>

#include <QString>
#include <QVector>

namespace model {

/// What one source line (or PTX instruction) cost over a whole launch, from the run's per-PC counters.
struct LineCounters {
    quint64 warpExecutions = 0; ///< warp-level issues
    quint64 threadExecutions = 0; ///< lanes whose guard held, summed over issues
    quint64 globalRequests = 0; ///< warp-level global load/store instructions
    quint64 sectors = 0; ///< 32-byte sectors of those requests
    quint64 transactions = 0; ///< in the generation's own unit (segments, lines, sectors)
    quint64 sharedRequests = 0;
    quint64 wavefronts = 0; ///< serialized shared-memory passes
    quint64 divergentBranches = 0;
    /// Shared: the passes each bank served and the requests that touched it (engine PcMemoryCounters);
    /// their ratio is the Bank Heat Map's cell.
    std::array<quint64, 32> bankPasses {};
    std::array<quint64, 32> bankRequests {};
    double heat = 0; ///< 0..1: this line's cost (issues + transactions + wavefronts) over the hottest line's

    double sectorsPerRequest() const { return globalRequests == 0 ? 0 : double(sectors) / double(globalRequests); }
    double transactionsPerRequest() const
    {
        return globalRequests == 0 ? 0 : double(transactions) / double(globalRequests);
    }
    double wavefrontsPerRequest() const { return sharedRequests == 0 ? 0 : double(wavefronts) / double(sharedRequests); }
    /// The heat measure before normalizing.
    double cost() const { return double(warpExecutions + transactions + wavefronts); }
    LineCounters& operator+=(const LineCounters& other);
};

/// One row of the Source view: a CUDA line or a PTX instruction, with the rows of the other side it is
/// linked to through `.loc`.
struct SourceRow {
    int line = 0; ///< 1-based line in its file (PTX rows: 0 when the PTX text could not be read)
    int pc = -1; ///< PTX rows: the instruction's PC; CUDA rows: -1
    QString text;
    LineCounters counters;
    QVector<int> linked; ///< PTX rows: the CUDA row; CUDA rows: the PTX rows (row indices of the other side)
};

/// The Source view's data for one launch: the kernel's PTX instructions and the CUDA file's lines, each
/// with its counters. Built on a worker; immutable; shared by pointer.
struct SourceSnapshot {
    QString deviceId;
    QString deviceName;
    QString kernelName;
    QString ptxPath;
    QString cudaPath; ///< empty when the `.file` was not found; cudaRows is then empty
    QString transactionUnit; ///< "32-byte sectors", "segments", ...
    QVector<SourceRow> ptxRows;
    QVector<SourceRow> cudaRows;
    LineCounters totals;
};

} // namespace model

#pragma once

#include <QString>
#include <QStringList>
#include <QVector>

namespace model {

/// The three inputs of the occupancy calculator.
struct OccupancyInputs {
    int threadsPerBlock = 256;
    int registersPerThread = 32;
    int sharedBytesPerBlock = 0; ///< static + dynamic shared memory per block, bytes
    /// Where a launch's registersPerThread came from: "ptxas sm_90", "ptxas sm_90 (recorded)" or "estimated"
    /// (engine/host/kernel_resources.h); empty when typed in.
    QString registersSource;

    bool operator==(const OccupancyInputs&) const = default;
};

/// The values one input may take on a device: min..max in steps of `step`.
struct InputRange {
    int minimum = 0;
    int maximum = 0;
    int step = 1;
};

/// One graph of the occupancy calculator: the varied input against what it gives, same length vectors.
struct OccupancySeries {
    QVector<double> x; ///< threads per block, registers per thread or shared bytes per block
    QVector<double> activeWarps; ///< active warps per SM
    QVector<double> occupancyPercent; ///< 0..100
    double currentX = 0; ///< the current configuration's value of the varied input
};

/// Everything the occupancy view draws for one device and one configuration. Immutable once built;
/// cheap to copy (QVector shares its data).
struct OccupancySnapshot {
    QString deviceId;
    QString deviceName;
    QString computeCapability;
    int warpSize = 32;
    int maxWarpsPerSm = 0;
    OccupancyInputs inputs;
    InputRange threadsRange;
    InputRange registersRange;
    InputRange sharedBytesRange;

    bool valid = false; ///< false when the configuration cannot launch; `error` says why
    QString error;
    int warpsPerBlock = 0;
    int blocksPerSm = 0;
    int activeWarpsPerSm = 0;
    int activeThreadsPerSm = 0;
    double occupancyPercent = 0; ///< 0..100
    int allocatedRegistersPerBlock = 0;
    int allocatedSharedBytesPerBlock = 0;
    QStringList limitedBy; ///< readable names of the resources that cap blocksPerSm, tightest first
    QString explanation; ///< a sentence or two on what limits occupancy

    OccupancySeries byThreads;
    OccupancySeries byRegisters;
    OccupancySeries bySharedBytes;
};

} // namespace model

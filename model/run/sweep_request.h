#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

namespace model {

/// A sweep: `param` from `from` to `to` (inclusive) by `step`, on each device, with the other parameters
/// overridden as a run would override them (`--set n=262144`).
struct SweepRequest {
    QString scenarioFile;
    QString param;
    qint64 from = 0;
    qint64 to = 0;
    qint64 step = 1;
    QStringList deviceIds;
    QMap<QString, qint64> overrides; ///< never contains `param`
    int threads = 0; ///< 0: one per core
    /// Every block of every launch simulated; false samples steady launches as `warpscope-cli sweep` does
    /// (engine/timing/steady_state_detector.h) unless --exact.
    bool exact = false;
    QString sessionDatabase; ///< record the sweep in this session database; empty: do not record
};

} // namespace model

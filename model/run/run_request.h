#pragma once

#include <QMap>
#include <QString>

namespace model {

/// What to run: a scenario file on a device with parameter overrides (`--set NAME=VALUE`).
struct RunRequest {
    QString scenarioFile;
    QString deviceId; ///< empty: the scenario's own device
    QMap<QString, qint64> overrides;
    QString sessionDatabase; ///< record the run in this session database; empty: do not record
    unsigned hostThreads = 0; ///< host threads per launch (TimingOptions::threads; 0: one per hardware thread)
};

} // namespace model

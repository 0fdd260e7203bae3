#pragma once

#include <QMap>
#include <QString>

#include <array>

namespace model {

/// What the warp stepper steps: a scenario's first launch on a device, one block of it.
struct StepperTarget {
    QString scenarioFile;
    QString deviceId; ///< empty: the scenario's own device
    QMap<QString, qint64> overrides; ///< scenario params, as `--set NAME=VALUE`
    std::array<quint32, 3> block { 0, 0, 0 };
};

/// A stepping command run on the worker.
enum class StepperCommand { Refresh, Step, StepBack, RunToBarrier, RunToCursor, Continue, RunToEnd };

} // namespace model

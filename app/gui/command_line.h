#pragma once

#include "model/run/sweep_request.h"

#include <QMap>
#include <QString>

#include <optional>
#include <utility>

class QCoreApplication;

namespace app {

/// What `warpscope [options] [FILE]` asked for.
struct CommandLine {
    QString file; ///< scenario, .cu, .ptx or session database to open; empty for none
    QString deviceId; ///< --device: the device to show first; empty for the remembered one
    int threadsPerBlock = 0; ///< --block; 0 for the remembered value
    int registersPerThread = 0; ///< --regs; 0 for the remembered value
    int sharedBytesPerBlock = -1; ///< --smem; -1 for the remembered value
    QString screenshotPath; ///< hidden --screenshot FILE: save a picture of the window and quit
    QMap<QString, qint64> overrides; ///< --set NAME=VALUE (repeatable): parameters of the scenario FILE
    model::SweepRequest sweep; ///< --sweep NAME=FROM:TO[:STEP] --sweep-devices ID,...; empty param for none
    QString view; ///< --view streams|bandwidth|summary|occupancy|session: the dock to bring to the front
    QString baselineFile; ///< --baseline FILE: a scenario run first and pinned as the Stream view's baseline
    /// --time-range FROM:TO: µs of the run's timeline every view filters to once FILE has run
    std::optional<std::pair<double, double>> timeRange;
    /// --step-to PC: each time a scenario opens, the Warp Stepper runs warp 0 of block 0 to PTX instruction PC
    int stepToPc = -1;
    bool bandwidthPercent = false; ///< --bandwidth-percent: the Bandwidth view in % of each device's theoretical
    QStringList problems; ///< options that were not understood, one line each
};

/// Parses the application's arguments; --help and --version print and exit, as QCommandLineParser does.
CommandLine parseCommandLine(const QCoreApplication& application);

} // namespace app

#pragma once

#include <QString>

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
};

/// Parses the application's arguments; --help and --version print and exit, as QCommandLineParser does.
CommandLine parseCommandLine(const QCoreApplication& application);

} // namespace app

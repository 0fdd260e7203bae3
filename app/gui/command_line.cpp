#include "app/gui/command_line.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace app {

CommandLine parseCommandLine(const QCoreApplication& application)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("app::CommandLine", "A visual profiler for CUDA kernels on a modeled GPU."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("FILE"),
        QCoreApplication::translate("app::CommandLine", "A scenario, .cu, .ptx or session database to open."),
        QStringLiteral("[FILE]"));
    const QCommandLineOption device(QStringLiteral("device"),
        QCoreApplication::translate("app::CommandLine", "Show device ID first (see warpscope-cli devices)."),
        QStringLiteral("ID"));
    const QCommandLineOption block(QStringLiteral("block"),
        QCoreApplication::translate("app::CommandLine", "Threads per block in the Occupancy view."), QStringLiteral("T"));
    const QCommandLineOption regs(QStringLiteral("regs"),
        QCoreApplication::translate("app::CommandLine", "Registers per thread in the Occupancy view."),
        QStringLiteral("R"));
    const QCommandLineOption smem(QStringLiteral("smem"),
        QCoreApplication::translate("app::CommandLine", "Shared memory bytes per block in the Occupancy view."),
        QStringLiteral("BYTES"));
    QCommandLineOption screenshot(QStringLiteral("screenshot"),
        QCoreApplication::translate("app::CommandLine", "Save a PNG of the main window to FILE, then quit."),
        QStringLiteral("FILE"));
    screenshot.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOptions({ device, block, regs, smem });
    parser.addOption(screenshot);
    parser.process(application);

    CommandLine commandLine;
    const auto positional = parser.positionalArguments();
    if (!positional.isEmpty())
        commandLine.file = positional.front();
    commandLine.deviceId = parser.value(device);
    commandLine.screenshotPath = parser.value(screenshot);
    // A value that is not a number is ignored; the view's spin boxes bound the rest.
    commandLine.threadsPerBlock = parser.value(block).toInt();
    commandLine.registersPerThread = parser.value(regs).toInt();
    bool isNumber = false;
    const int bytes = parser.value(smem).toInt(&isNumber);
    commandLine.sharedBytesPerBlock = isNumber ? bytes : -1;
    return commandLine;
}

} // namespace app

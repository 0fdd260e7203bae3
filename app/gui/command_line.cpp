#include "app/gui/command_line.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace app {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("app::CommandLine", text);
}

void parseOverrides(const QStringList& values, CommandLine& commandLine)
{
    for (const auto& text : values) {
        const auto name = text.section(QLatin1Char('='), 0, 0).trimmed();
        bool isNumber = false;
        const auto value = text.section(QLatin1Char('='), 1).toLongLong(&isNumber);
        if (name.isEmpty() || !isNumber)
            commandLine.problems << tr("--set %1: expected NAME=INTEGER").arg(text);
        else
            commandLine.overrides.insert(name, value);
    }
}

void parseTimeRange(const QString& text, CommandLine& commandLine)
{
    if (text.isEmpty())
        return;
    const auto ends = text.split(QLatin1Char(':'));
    bool fromOk = false;
    bool toOk = false;
    const double from = ends.value(0).toDouble(&fromOk);
    const double to = ends.value(1).toDouble(&toOk);
    if (ends.size() != 2 || !fromOk || !toOk || !(to > from) || from < 0)
        commandLine.problems << tr("--time-range %1: expected FROM:TO in microseconds, FROM < TO").arg(text);
    else
        commandLine.timeRange = std::pair { from, to };
}

void parseSweep(const QString& text, const QString& devices, CommandLine& commandLine)
{
    if (text.isEmpty())
        return;
    const auto numbers = text.section(QLatin1Char('='), 1).split(QLatin1Char(':'));
    bool ok = numbers.size() == 2 || numbers.size() == 3;
    model::SweepRequest sweep;
    sweep.param = text.section(QLatin1Char('='), 0, 0).trimmed();
    for (qsizetype i = 0; ok && i < numbers.size(); ++i) {
        const auto value = numbers[i].toLongLong(&ok);
        (i == 0 ? sweep.from : i == 1 ? sweep.to : sweep.step) = value;
    }
    sweep.deviceIds = devices.isEmpty()
        ? QStringList { QStringLiteral("g80"), QStringLiteral("c2050"), QStringLiteral("v100"), QStringLiteral("h100") }
        : devices.split(QLatin1Char(','), Qt::SkipEmptyParts);
    if (!ok || sweep.param.isEmpty() || sweep.to < sweep.from || sweep.step < 1 || sweep.deviceIds.isEmpty()) {
        commandLine.problems << tr("--sweep %1 --sweep-devices %2: expected NAME=FROM:TO[:STEP] and ID,...").arg(text, devices);
        return;
    }
    commandLine.sweep = sweep;
}

} // namespace

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
    const QCommandLineOption set(QStringLiteral("set"), tr("Override a scenario parameter (repeatable)."),
        QStringLiteral("NAME=VALUE"));
    const QCommandLineOption sweep(QStringLiteral("sweep"),
        tr("Sweep a parameter of the scenario FILE, as warpscope-cli sweep --param."), QStringLiteral("NAME=FROM:TO[:STEP]"));
    const QCommandLineOption sweepDevices(QStringLiteral("sweep-devices"), tr("Devices of --sweep, comma-separated (default g80,c2050,v100,h100)."),
        QStringLiteral("ID,..."));
    const QCommandLineOption view(QStringLiteral("view"),
        tr("Bring views to the front (comma-separated): streams, bandwidth, timeline, caches, summary, occupancy, "
           "session, stepper, source, banks, memory, roofline (with the speed of light), memorychart or console."),
        QStringLiteral("NAME[,NAME...]"));
    const QCommandLineOption percent(QStringLiteral("bandwidth-percent"),
        tr("Show effective bandwidth as a percentage of each device's theoretical bandwidth."));
    const QCommandLineOption baseline(QStringLiteral("baseline"),
        tr("Run this scenario first and pin it as the Stream view's baseline, above FILE's run."), QStringLiteral("FILE"));
    const QCommandLineOption timeRange(QStringLiteral("time-range"),
        tr("Once FILE has run, filter every view to this interval of its timeline, in microseconds."),
        QStringLiteral("FROM:TO"));
    const QCommandLineOption stepTo(QStringLiteral("step-to"),
        tr("Once FILE opens, run the Warp Stepper's warp to this PTX instruction (the PC column), as Ctrl+F10 does."),
        QStringLiteral("PC"));
    parser.addOptions({ device, block, regs, smem, set, sweep, sweepDevices, view, percent, baseline, timeRange, stepTo });
    parser.addOption(screenshot);
    parser.process(application);

    CommandLine commandLine;
    const auto positional = parser.positionalArguments();
    if (!positional.isEmpty())
        commandLine.file = positional.front();
    commandLine.deviceId = parser.value(device);
    commandLine.screenshotPath = parser.value(screenshot);
    commandLine.view = parser.value(view);
    commandLine.bandwidthPercent = parser.isSet(percent);
    commandLine.baselineFile = parser.value(baseline);
    parseOverrides(parser.values(set), commandLine);
    parseSweep(parser.value(sweep), parser.value(sweepDevices), commandLine);
    parseTimeRange(parser.value(timeRange), commandLine);
    if (parser.isSet(stepTo)) {
        bool isPc = false;
        const int pc = parser.value(stepTo).toInt(&isPc);
        if (isPc && pc >= 0)
            commandLine.stepToPc = pc;
        else
            commandLine.problems << tr("--step-to needs an instruction number (0 or more), not '%1'").arg(parser.value(stepTo));
    }
    // A value that is not a number is ignored; the view's spin boxes bound the rest.
    commandLine.threadsPerBlock = parser.value(block).toInt();
    commandLine.registersPerThread = parser.value(regs).toInt();
    bool isNumber = false;
    const int bytes = parser.value(smem).toInt(&isNumber);
    commandLine.sharedBytesPerBlock = isNumber ? bytes : -1;
    return commandLine;
}

} // namespace app

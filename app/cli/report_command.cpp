// warpscope-cli report DB [--run ID] --format pdf|html|json|csv [--lines] -o FILE: a stored run's report.
#include "app/cli/atomic_output.h"
#include "app/cli/command_list.h"
#include "app/cli/stored_run.h"
#include "views/report/report_file.h"

#include <QGuiApplication>
#include <memory>

namespace app::cli {

namespace {

/// Qt's PDF writer lays out text with the GUI module's fonts; a command-line tool never opens a window,
/// so it runs on the offscreen platform unless the user chose another.
std::unique_ptr<QGuiApplication> guiForPdf()
{
    if (QGuiApplication::instance())
        return nullptr;
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "warpscope-cli";
    static char* argv[] = {name, nullptr};
    return std::make_unique<QGuiApplication>(argc, argv);
}

/// Qt's painter and PDF engine print warnings of their own ("QPainter::begin: Returned false") when the
/// file cannot be written; the command reports that failure itself, in one line, so they are dropped while
/// the report is written.
class QuietQt {
public:
    QuietQt()
        : m_previous(qInstallMessageHandler([](QtMsgType, const QMessageLogContext&, const QString&) {}))
    { }
    ~QuietQt() { qInstallMessageHandler(m_previous); }
    QuietQt(const QuietQt&) = delete;
    QuietQt& operator=(const QuietQt&) = delete;

private:
    QtMessageHandler m_previous;
};

int runReport(const ParsedArgs& args, CommandIo& io)
{
    if (args.positional().size() != 1)
        throw UsageError("report takes one database file");
    const auto formatName = args.required("format");
    const auto format = views::reportFormatNamed(QString::fromStdString(formatName));
    if (!format)
        throw UsageError("--format is one of pdf, html, json, csv; not '" + formatName + "'");
    if (args.flag("lines") && format != views::ReportFormat::Csv)
        throw UsageError("--lines applies to --format csv");
    const auto output = resolveOutputTarget(args.required("output"), args.positional().front());
    if (output.path.empty()) {
        io.err << "warpscope-cli: " << output.problem << '\n';
        return ExitBadInput;
    }
    auto stored = openStoredRun(args.positional().front(), runOption(args));
    if (!stored) {
        io.err << "warpscope-cli: " << stored.error().toString() << '\n';
        return ExitBadInput;
    }
    auto data = model::loadReportData(stored->reader, stored->runId);
    if (!data) {
        io.err << "warpscope-cli: " << data.error().toString() << '\n';
        return ExitBadInput;
    }
    const auto gui = format == views::ReportFormat::Pdf ? guiForPdf() : nullptr;
    const QuietQt quiet;
    if (auto error = views::writeReportFile(
            data.value(), QString::fromStdString(output.path.string()), *format, args.flag("lines"))) {
        io.err << "warpscope-cli: " << error->toStdString() << '\n';
        return ExitBadInput;
    }
    return ExitOk;
}

} // namespace

Command reportCommand()
{
    return Command {
        "report",
        "write a stored run's report: configuration, occupancy, metrics, hottest lines, charts, guidance",
        "report DB [--run ID] --format pdf|html|json|csv [--lines] -o FILE",
        {
            {"run", "ID", "the run to report (default: the latest complete run)", false},
            {"format", "FORMAT", "pdf, html (one self-contained file), json (every number) or csv (a row per launch)",
                false},
            {"lines", "", "csv: one row per PTX line of each launch instead of per launch", false},
            {"output", "FILE", "the file to write", false, 'o'},
        },
        runReport,
    };
}

} // namespace app::cli

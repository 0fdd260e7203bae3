// warpscope-cli report DB [--run ID] --format pdf|html|json|csv [--lines] -o FILE: a stored run's report.
#include "app/cli/atomic_output.h"
#include "app/cli/command_list.h"
#include "app/cli/stored_run.h"
#include "model/report/report_writers.h"

#ifdef WARPSCOPE_CLI_HAS_PDF
#include "views/report/report_pdf_writer.h"

#include <QGuiApplication>
#endif

#include <fstream>
#include <memory>

namespace app::cli {

namespace {

std::optional<std::string> writeText(const std::filesystem::path& path, const std::string& text)
{
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file)
        return "cannot create the file";
    file << text;
    file.close();
    return file ? std::nullopt : std::optional<std::string>("cannot write the file");
}

#ifdef WARPSCOPE_CLI_HAS_PDF
std::optional<std::string> writePdf(const std::filesystem::path& path, const model::ReportData& data)
{
    // Qt's PDF writer lays out text with the GUI module's fonts; a command-line tool never opens a window,
    // so it uses the offscreen platform unless the user chose another.
    std::unique_ptr<QGuiApplication> application;
    if (!QGuiApplication::instance()) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        static int argc = 1;
        static char name[] = "warpscope-cli";
        static char* argv[] = { name, nullptr };
        application = std::make_unique<QGuiApplication>(argc, argv);
    }
    if (auto error = views::writeReportPdf(data, QString::fromStdString(path.string())))
        return error->toStdString();
    return std::nullopt;
}
#endif

int runReport(const ParsedArgs& args, CommandIo& io)
{
    if (args.positional().size() != 1)
        throw UsageError("report takes one database file");
    const auto format = args.required("format");
    if (format != "pdf" && format != "html" && format != "json" && format != "csv")
        throw UsageError("--format is one of pdf, html, json, csv; not '" + format + "'");
#ifndef WARPSCOPE_CLI_HAS_PDF
    if (format == "pdf")
        throw UsageError("this build has no PDF writer (it needs the Qt GUI layers, WARPSCOPE_BUILD_GUI)");
#endif
    if (args.flag("lines") && format != "csv")
        throw UsageError("--lines applies to --format csv");
    const auto output = args.required("output");
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
    const auto error = writeAtomically(output, [&](const std::filesystem::path& partial) -> std::optional<std::string> {
        if (format == "json")
            return writeText(partial, model::reportJson(data.value()).dump(2) + '\n');
        if (format == "csv")
            return writeText(partial, model::reportCsv(data.value(), args.flag("lines")));
        if (format == "html")
            return writeText(partial, model::reportHtml(data.value()));
#ifdef WARPSCOPE_CLI_HAS_PDF
        return writePdf(partial, data.value());
#else
        return "no PDF writer in this build";
#endif
    });
    if (error) {
        io.err << "warpscope-cli: " << *error << '\n';
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
            { "run", "ID", "the run to report (default: the latest complete run)", false },
            { "format", "FORMAT", "pdf, html (one self-contained file), json (every number) or csv (a row per launch)", false },
            { "lines", "", "csv: one row per PTX line of each launch instead of per launch", false },
            { "output", "FILE", "the file to write", false, 'o' },
        },
        runReport,
    };
}

} // namespace app::cli

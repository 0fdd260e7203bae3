// warpscope-docgen: a build-time tool that writes the man pages, the bash completion, the command pages of the
// user guide and its HTML, and the icon's PNG sizes, all from the programs' own tables and --help text.
#include "app/cli/command.h"
#include "app/docgen/bash_completion.h"
#include "app/docgen/command_markdown.h"
#include "app/docgen/gui_man_page.h"
#include "app/docgen/markdown_html.h"

#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QProcess>
#include <QSvgRenderer>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>

namespace {

using Args = QStringList;

bool writeText(const QString& path, const std::string& text)
{
    QFile file(path);
    const bool ok = file.open(QIODevice::WriteOnly | QIODevice::Truncate)
        && file.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size());
    if (!ok)
        std::fprintf(stderr, "warpscope-docgen: cannot write %s\n", qPrintable(path));
    return ok;
}

/// Runs `warpscope --help` (offscreen) and takes its text apart.
std::optional<app::docgen::GuiHelp> guiHelp(const QString& guiExecutable)
{
    QProcess process;
    auto environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(environment);
    process.start(guiExecutable, {QStringLiteral("--help")});
    if (!process.waitForFinished(60000) || process.exitCode() != 0) {
        std::fprintf(stderr, "warpscope-docgen: %s --help failed\n", qPrintable(guiExecutable));
        return std::nullopt;
    }
    return app::docgen::parseGuiHelp(process.readAllStandardOutput().toStdString());
}

app::docgen::InstallLayout layout(const Args& args, int first)
{
    return {args.value(first).toStdString(), args.value(first + 1).toStdString(), args.value(first + 2).toStdString()};
}

bool cliMan(const Args& a) // OUT VERSION RESOURCEDIR GUIDEDIR
{
    return writeText(a.value(0), app::docgen::cliManPage(app::cli::commandTable(), layout(a, 1)));
}

bool guiMan(const Args& a) // WARPSCOPE OUT VERSION RESOURCEDIR GUIDEDIR
{
    const auto help = guiHelp(a.value(0));
    return help && writeText(a.value(1), app::docgen::guiManPage(*help, layout(a, 2)));
}

bool completion(const Args& a) // WARPSCOPE OUT
{
    const auto help = guiHelp(a.value(0));
    return help && writeText(a.value(1), app::docgen::bashCompletion(app::cli::commandTable(), *help));
}

bool cliMarkdown(const Args& a) // OUTDIR
{
    const QDir dir(a.value(0));
    bool ok = QDir().mkpath(dir.path());
    for (const auto& command : app::cli::commandTable())
        ok = ok
            && writeText(dir.filePath(QStringLiteral("cli-%1.md").arg(QString::fromStdString(command.name))),
                app::docgen::commandMarkdown(command));
    return ok
        && writeText(dir.filePath(QStringLiteral("cli-commands.md")),
            app::docgen::commandIndexMarkdown(app::cli::commandTable()));
}

bool html(const Args& a) // OUTDIR DIR... (every *.md in each DIR)
{
    QStringList files;
    for (const auto& folder : a.mid(1)) {
        const QDir dir(folder);
        for (const auto& name : dir.entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name))
            files << dir.filePath(name);
    }
    return app::docgen::renderGuide(files, a.value(0));
}

bool icon(const Args& a) // SVG SIZE OUT.png
{
    QSvgRenderer svg(a.value(0));
    const int size = a.value(1).toInt();
    if (!svg.isValid() || size <= 0)
        return false;
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    svg.render(&painter);
    painter.end();
    return image.save(a.value(2), "PNG");
}

} // namespace

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication application(argc, argv);
    static const std::map<QString, std::pair<int, std::function<bool(const Args&)>>> tools = {
        {QStringLiteral("cli-man"), {4, cliMan}},
        {QStringLiteral("gui-man"), {5, guiMan}},
        {QStringLiteral("completion"), {2, completion}},
        {QStringLiteral("cli-markdown"), {1, cliMarkdown}},
        {QStringLiteral("html"), {2, html}},
        {QStringLiteral("icon"), {3, icon}},
    };
    const auto args = application.arguments().mid(1);
    const auto tool = tools.find(args.value(0));
    if (tool == tools.end() || args.size() - 1 < tool->second.first) {
        std::fprintf(stderr, "usage: warpscope-docgen cli-man|gui-man|completion|cli-markdown|html|icon ARGS...\n");
        return 2;
    }
    return tool->second.second(args.mid(1)) ? 0 : 1;
}

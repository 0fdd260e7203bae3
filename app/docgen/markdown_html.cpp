#include "app/docgen/markdown_html.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QRegularExpression>
#include <QTextDocument>
#include <cstdio>

namespace app::docgen {

namespace {

/// Widest picture, in pixels, that the page shows at its own size.
constexpr int kPageWidth = 760;

QString linksToHtml(QString markdown)
{
    static const QRegularExpression mdLink(QStringLiteral(R"re(\]\(([^)\s:]+)\.md(#[^)\s]*)?\))re"));
    return markdown.replace(mdLink, QStringLiteral("](\\1.html\\2)"));
}

QString fittedImages(QString html, const QString& imageDir)
{
    static const QRegularExpression image(QStringLiteral(R"re(<img src="([^"]+)")re"));
    QString out;
    qsizetype from = 0;
    for (auto it = image.globalMatch(html); it.hasNext();) {
        const auto match = it.next();
        out += html.mid(from, match.capturedEnd() - from);
        from = match.capturedEnd();
        const QImageReader reader(QDir(imageDir).filePath(match.captured(1)));
        if (reader.size().width() > kPageWidth)
            out += QStringLiteral(" width=\"%1\"").arg(kPageWidth);
    }
    return out + html.mid(from);
}

bool writeFile(const QString& path, const QString& text)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text.toUtf8()) < 0) {
        std::fprintf(stderr, "warpscope-docgen: cannot write %s\n", qPrintable(path));
        return false;
    }
    return true;
}

} // namespace

QString guidePageHtml(const QString& markdown, const QString& imageDir, bool isContents)
{
    QString text = linksToHtml(markdown);
    if (!isContents)
        text.prepend(QStringLiteral("[warpscope User Guide](index.html)\n\n"));
    QTextDocument document;
    document.setMarkdown(text, QTextDocument::MarkdownDialectGitHub);
    static const QRegularExpression heading(QStringLiteral("^# (.+)$"), QRegularExpression::MultilineOption);
    document.setMetaInformation(QTextDocument::DocumentTitle, heading.match(markdown).captured(1));
    return fittedImages(document.toHtml(), imageDir);
}

bool renderGuide(const QStringList& markdownFiles, const QString& outputDir)
{
    if (!QDir().mkpath(outputDir)) {
        std::fprintf(stderr, "warpscope-docgen: cannot create %s\n", qPrintable(outputDir));
        return false;
    }
    for (const auto& path : markdownFiles) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            std::fprintf(stderr, "warpscope-docgen: cannot read %s\n", qPrintable(path));
            return false;
        }
        const QFileInfo info(path);
        const auto html = guidePageHtml(
            QString::fromUtf8(file.readAll()), info.absolutePath(), info.completeBaseName() == QLatin1String("index"));
        if (!writeFile(QDir(outputDir).filePath(info.completeBaseName() + QStringLiteral(".html")), html))
            return false;
    }
    return true;
}

} // namespace app::docgen

#pragma once

#include <QString>

namespace app::docgen {

/// Renders one guide page to HTML with Qt's own Markdown reader (GitHub dialect: tables, fenced code). Links
/// to NAME.md become NAME.html; an image wider than the page is given a width that fits; every page but the
/// contents starts with a link back to it. `imageDir` is the folder relative image paths are resolved from.
QString guidePageHtml(const QString& markdown, const QString& imageDir, bool isContents);

/// Renders every Markdown file given into `outputDir`, as NAME.html. False (with a line on stderr) when a file
/// cannot be read or written.
bool renderGuide(const QStringList& markdownFiles, const QString& outputDir);

} // namespace app::docgen

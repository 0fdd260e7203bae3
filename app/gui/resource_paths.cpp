#include "app/gui/resource_paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace app {

namespace {

QString existingFile(const QString& relative)
{
    const auto directory = bundledResourceDirectory();
    if (directory.isEmpty())
        return {};
    const QFileInfo file(QDir(directory).filePath(relative));
    return file.isFile() ? file.absoluteFilePath() : QString();
}

} // namespace

QString bundledResourceDirectory()
{
    QStringList candidates;
    candidates << qEnvironmentVariable("WARPSCOPE_RESOURCES");
    candidates << QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral(WARPSCOPE_RESOURCES_FROM_BIN));
    for (const auto& candidate : std::as_const(candidates)) {
        if (!candidate.isEmpty() && QFileInfo(candidate).isDir())
            return QDir(candidate).absolutePath();
    }
    return {};
}

QString demoScenarioPath()
{
    return existingFile(QStringLiteral("scenarios/offset_copy.json"));
}

QString userGuidePath()
{
    const QFileInfo page(
        QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral(WARPSCOPE_GUIDE_FROM_BIN "/index.html")));
    return page.isFile() ? page.absoluteFilePath() : QString();
}

QString stagedCopyScenarioPath()
{
    return existingFile(QStringLiteral("scenarios/staged_copy_4_streams.json"));
}

} // namespace app

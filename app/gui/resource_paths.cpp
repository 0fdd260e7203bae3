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
    candidates << QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../share/warpscope/resources"));
    candidates << QStringLiteral(WARPSCOPE_SOURCE_RESOURCES);
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

QString stagedCopyScenarioPath()
{
    return existingFile(QStringLiteral("scenarios/staged_copy_4_streams.json"));
}

} // namespace app

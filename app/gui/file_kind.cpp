#include "app/gui/file_kind.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace app {

FileKind fileKindOf(const QString& path)
{
    const auto suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("json"))
        return FileKind::Scenario;
    if (suffix == QLatin1String("cu"))
        return FileKind::CudaSource;
    if (suffix == QLatin1String("ptx"))
        return FileKind::Ptx;
    if (suffix == QLatin1String("db") || suffix == QLatin1String("sqlite") || suffix == QLatin1String("warpscope")
        || suffix == QLatin1String("wsdb"))
        return FileKind::SessionDatabase;
    return FileKind::Unknown;
}

QString describe(FileKind kind)
{
    switch (kind) {
    case FileKind::Scenario:
        return QCoreApplication::translate("app::FileKind", "scenario");
    case FileKind::CudaSource:
        return QCoreApplication::translate("app::FileKind", "CUDA source file");
    case FileKind::Ptx:
        return QCoreApplication::translate("app::FileKind", "PTX module");
    case FileKind::SessionDatabase:
        return QCoreApplication::translate("app::FileKind", "session database");
    case FileKind::Unknown:
        break;
    }
    return QCoreApplication::translate("app::FileKind", "file of unknown type");
}

QString openFileFilter()
{
    return QCoreApplication::translate("app::FileKind",
        "warpscope files (*.json *.cu *.ptx *.wsdb *.db *.sqlite *.warpscope);;Scenarios (*.json);;CUDA sources (*.cu);;"
        "PTX modules (*.ptx);;Session databases (*.wsdb *.db *.sqlite *.warpscope);;All files (*)");
}

} // namespace app

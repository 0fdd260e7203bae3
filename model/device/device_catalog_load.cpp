#include "model/device/device_catalog_load.h"

#include "engine/device/device_catalog.h"

#include <filesystem>
#include <vector>

namespace model {

namespace {

ProfileLoadError toLoadError(const engine::Error& error)
{
    return ProfileLoadError {
        QString::fromStdString(error.location.file),
        QString::fromStdString(error.location.jsonPath),
        QString::fromStdString(error.message),
        QString::fromStdString(error.toString()),
    };
}

} // namespace

DeviceCatalogLoad loadDeviceCatalog(const QStringList& userDirectories)
{
    std::vector<std::filesystem::path> directories;
    for (const auto& directory : userDirectories)
        directories.emplace_back(directory.toStdString());
    auto loaded = engine::DeviceCatalog::load(directories);
    DeviceCatalogLoad result;
    result.catalog = std::make_shared<const engine::DeviceCatalog>(std::move(loaded.catalog));
    for (const auto& error : loaded.errors)
        result.errors.push_back(toLoadError(error));
    return result;
}

DeviceCatalogLoad loadDefaultDeviceCatalog()
{
    return loadDeviceCatalog({ userProfileDirectory() });
}

QString userProfileDirectory()
{
    return QString::fromStdString(engine::userProfileDirectory().string());
}

} // namespace model

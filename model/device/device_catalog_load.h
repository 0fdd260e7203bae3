#pragma once

#include "model/device/profile_load_error.h"

#include <QStringList>
#include <QVector>

#include <memory>

namespace engine {
class DeviceCatalog;
}

namespace model {

/// The device catalog as loaded once at start-up, with the files that were left out and why.
struct DeviceCatalogLoad {
    std::shared_ptr<const engine::DeviceCatalog> catalog; ///< immutable, shared by every model that reads it
    QVector<ProfileLoadError> errors;
};

/// Built-in profiles plus every *.json in `userDirectories` (a user profile replaces a built-in one of the same id).
DeviceCatalogLoad loadDeviceCatalog(const QStringList& userDirectories);

/// Built-in profiles plus the user's profile directory ($XDG_CONFIG_HOME/warpscope/devices).
DeviceCatalogLoad loadDefaultDeviceCatalog();

/// The directory loadDefaultDeviceCatalog() reads user profiles from.
QString userProfileDirectory();

} // namespace model

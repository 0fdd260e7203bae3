#pragma once

#include "engine/device/device_catalog.h"

#include <optional>
#include <ostream>

namespace app::cli {

/// The catalog of built-in and user profiles for a CLI run. A user profile that fails to parse is bad
/// input: its error is printed on one line to `err` and nullopt returned (the caller exits with 2).
std::optional<engine::DeviceCatalog> loadCatalogOrReport(std::ostream& err);

} // namespace app::cli

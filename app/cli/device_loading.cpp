#include "app/cli/device_loading.h"

namespace app::cli {

std::optional<engine::DeviceCatalog> loadCatalogOrReport(std::ostream& err)
{
    auto loaded = engine::DeviceCatalog::load({ engine::userProfileDirectory() });
    if (!loaded.errors.empty()) {
        // One line per broken profile; the first already decides the exit code.
        for (const auto& error : loaded.errors)
            err << "warpscope-cli: device profile " << error.toString() << '\n';
        return std::nullopt;
    }
    return std::move(loaded.catalog);
}

} // namespace app::cli

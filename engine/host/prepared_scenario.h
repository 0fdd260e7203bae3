#pragma once

#include "engine/common/result.h"
#include "engine/device/device_catalog.h"
#include "engine/host/resolved_scenario.h"
#include "engine/ptx/module.h"

#include <filesystem>
#include <string>

namespace engine {

/// A scenario ready to run: resolved with its parameter overrides, its device picked, its module loaded.
struct PreparedScenario {
    ResolvedScenario scenario;
    const DeviceProfile* profile = nullptr; ///< owned by the catalog passed to prepareScenario
    ptx::Module module;
};

/// Loads `file`, applies `overrides`, picks the device (`deviceId`, else the scenario's `device`, else
/// "h100") from `catalog`, and loads the module for that device (module_source.h). Every failure is a
/// user error naming the file and where in it. `nvcc` (the command line's -I/-D/--nvcc-flag) comes after
/// the scenario's own "nvcc" settings.
Result<PreparedScenario> prepareScenario(const std::filesystem::path& file, const std::string& deviceId,
    const ParamValues& overrides, const DeviceCatalog& catalog, const ptx::NvccSettings& nvcc = {});

} // namespace engine

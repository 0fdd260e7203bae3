#include "engine/host/prepared_scenario.h"

#include "engine/host/module_source.h"
#include "engine/host/scenario_parser.h"
#include "engine/host/scenario_resolver.h"

namespace engine {

Result<PreparedScenario> prepareScenario(const std::filesystem::path& file, const std::string& deviceId,
    const ParamValues& overrides, const DeviceCatalog& catalog, const ptx::NvccSettings& nvcc)
{
    auto spec = loadScenarioFile(file);
    if (!spec)
        return spec.error();
    auto resolved = resolveScenario(*spec, overrides);
    if (!resolved)
        return resolved.error();
    const auto id = !deviceId.empty() ? deviceId : (!spec->device.empty() ? spec->device : std::string("h100"));
    const auto profile = catalog.get(id);
    if (!profile) {
        auto error = profile.error();
        if (deviceId.empty())
            error.location = SourceLocation::atJsonPath(file.string(), "/device");
        return error;
    }
    resolved.value().nvcc.append(nvcc);
    auto module = loadScenarioModule(resolved->module, **profile, resolved->nvcc);
    if (!module)
        return module.error();
    return PreparedScenario { std::move(resolved).value(), *profile, std::move(module).value() };
}

} // namespace engine

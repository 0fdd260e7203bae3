#include "model/export/run_device.h"

#include "engine/device/device_catalog.h"
#include "engine/device/profile_parser.h"

namespace model {

engine::Result<engine::DeviceProfile> runDevice(const RunDetail& run)
{
    const auto label = "run " + std::to_string(run.run.id) + " (device " + run.run.deviceId + ")";
    auto stored = engine::parseDeviceProfile(run.deviceProfileJson, label);
    if (stored)
        return std::move(stored).value();
    static const auto builtIn = engine::DeviceCatalog::load({});
    if (const auto* profile = builtIn.catalog.find(run.run.deviceId))
        return *profile;
    return engine::Error { engine::ErrorCode::NotFound,
        label + ": the stored device profile cannot be read and no built-in profile has this id: "
            + stored.error().message };
}

} // namespace model

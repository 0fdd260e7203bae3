#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

namespace engine {
struct DeviceProfile;
namespace ptx {
struct Module;
}
}

namespace model {

/// Checks scenario text the launch form wrote before it is saved, with the engine's own rules: the scenario
/// parser (keys, types; DESIGN.md), the resolver (expressions, buffer names and sizes), the device's launch
/// limits (block and grid dimensions, shared memory), argument marshalling against the kernel's PTX
/// parameters and buffer contents read from files (present, of the buffer's size), as a run would apply
/// them. The error names the file and the JSON path; nullopt when it would run.
std::optional<QString> checkScenario(const QByteArray& json, const QString& scenarioPath,
    const engine::ptx::Module& module, const engine::DeviceProfile& profile);

} // namespace model

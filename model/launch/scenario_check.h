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

/// Why a scenario would not run: the message (naming the file and the JSON path) and the JSON path alone
/// (RFC 6901, "/steps/0/launch/args/1"; empty when the reason concerns no one place in the scenario).
struct ScenarioProblem {
    QString message;
    QString jsonPath;
};

/// Checks scenario text the launch form wrote before it is saved, with the engine's own rules: the scenario
/// parser (keys, types; DESIGN.md), the resolver (expressions, buffer names and sizes), the device's launch
/// limits (block and grid dimensions, shared memory), argument marshalling against the kernel's PTX
/// parameters and buffer contents read from files (present, of the buffer's size), as a run would apply
/// them. The error names the file and the JSON path; nullopt when it would run.
std::optional<ScenarioProblem> checkScenario(const QByteArray& json, const QString& scenarioPath,
    const engine::ptx::Module& module, const engine::DeviceProfile& profile);

} // namespace model

#include "model/launch/scenario_check.h"

#include "engine/host/buffer_contents.h"
#include "engine/host/kernel_arguments.h"
#include "engine/host/launch_validation.h"
#include "engine/host/scenario_parser.h"
#include "engine/host/scenario_resolver.h"
#include "engine/ptx/module.h"
#include "engine/ptx/shared_usage.h"

#include <variant>

namespace model {

namespace {

/// The engine's message, led by the scenario's path where the error does not name a file itself, and the JSON
/// path it concerns: the error's own, else `jsonPath` (a buffer whose file cannot be read names the file).
ScenarioProblem problem(const engine::Error& error, const QString& scenarioPath, const std::string& jsonPath = {})
{
    const auto message = QString::fromStdString(error.toString());
    return { message.startsWith(scenarioPath) ? message : scenarioPath + QStringLiteral(": ") + message,
        QString::fromStdString(error.location.jsonPath.empty() ? jsonPath : error.location.jsonPath) };
}

} // namespace

std::optional<ScenarioProblem> checkScenario(const QByteArray& json, const QString& scenarioPath,
    const engine::ptx::Module& module, const engine::DeviceProfile& profile)
{
    const auto spec = engine::parseScenario(json.toStdString(), scenarioPath.toStdString());
    if (!spec)
        return problem(spec.error(), scenarioPath);
    const auto resolved = engine::resolveScenario(spec.value());
    if (!resolved)
        return problem(resolved.error(), scenarioPath);
    // Contents read from a file must exist and match the buffer's size; the other kinds cannot fail.
    for (const auto& buffer : resolved->buffers) {
        if (buffer.init.kind != engine::BufferInit::Kind::File)
            continue;
        if (const auto bytes = engine::initialContents(buffer); !bytes)
            return problem(bytes.error(), scenarioPath, "/buffers/" + buffer.name + "/init");
    }
    // Any distinct addresses do: marshalling checks that each pointer argument names a buffer, not where it is.
    std::vector<std::uint64_t> addresses;
    for (std::size_t i = 0; i < resolved->buffers.size(); ++i)
        addresses.push_back(0x100000 * (i + 1));
    for (const auto& step : resolved->steps) {
        const auto* launch = std::get_if<engine::LaunchOp>(&step.op);
        if (!launch)
            continue;
        const int index = module.findFunction(launch->kernel);
        if (index < 0) {
            const auto path = QString::fromStdString(step.jsonPath) + QStringLiteral("/launch/kernel");
            return ScenarioProblem { QStringLiteral("%1: %2: no kernel '%3' in %4")
                                         .arg(scenarioPath, path, QString::fromStdString(launch->kernel),
                                             QString::fromStdString(module.sourceName)),
                path };
        }
        const auto& kernel = module.functions[static_cast<std::size_t>(index)];
        if (const auto shape = engine::validateLaunchShape(
                *launch, engine::ptx::kernelStaticSharedBytes(module, static_cast<std::uint32_t>(index)), profile, step.jsonPath))
            return problem(*shape, scenarioPath);
        if (const auto args = engine::marshalKernelArguments(kernel, launch->args, addresses, step.jsonPath); !args)
            return problem(args.error(), scenarioPath);
    }
    return std::nullopt;
}

} // namespace model

#include "model/run/sweep_points.h"

#include "model/run/kernel_executor_factory.h"

namespace model {

engine::SweepRange sweepRange(const SweepRequest& request)
{
    return { request.param.toStdString(), request.from, request.to, std::max<qint64>(1, request.step) };
}

engine::Result<std::vector<engine::SweepRun>> runSweepPoints(
    const SweepRequest& request, const engine::DeviceCatalog& catalog, std::stop_token stop,
    const ProgressCallback& progress, std::function<void(std::size_t index, const engine::SweepRun& point)> onPoint)
{
    const engine::SweepRange range = sweepRange(request);
    std::vector<std::string> devices;
    for (const auto& id : request.deviceIds)
        devices.push_back(id.toStdString());
    engine::SweepOptions options;
    options.threads = static_cast<unsigned>(std::max(0, request.threads));
    options.stop = std::move(stop);
    // One thread per point: the points already keep every worker busy (as `warpscope-cli sweep` does).
    options.makeExecutor = [sampled = !request.exact] { return makeKernelExecutor(sampled, 1); };
    options.overrides = toParamValues(request.overrides);
    options.onPoint = std::move(onPoint);
    if (progress)
        options.progress = [&progress](std::size_t done, std::size_t total, const std::string& point) {
            progress(static_cast<int>(done), static_cast<int>(total), QString::fromStdString(point));
        };
    return engine::runSweep(request.scenarioFile.toStdString(), range, devices, catalog, options);
}

} // namespace model

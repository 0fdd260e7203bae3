#include "model/run/sweep_points.h"

#include "model/run/kernel_executor_factory.h"

#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"

#include <QThread>

#include <atomic>
#include <mutex>
#include <optional>
#include <thread>

namespace model {

namespace {

struct PointJob {
    std::string device;
    std::int64_t value = 0;
};

engine::Result<engine::SweepRun> runPoint(
    const SweepRequest& request, const PointJob& job, const engine::DeviceCatalog& catalog, std::stop_token stop)
{
    auto params = toParamValues(request.overrides);
    params[request.param.toStdString()] = job.value;
    auto prepared = engine::prepareScenario(request.scenarioFile.toStdString(), job.device, params, catalog);
    if (!prepared)
        return prepared.error();
    auto executor = makeKernelExecutor();
    engine::RunOptions options;
    options.stop = stop;
    auto report = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, *executor, options);
    if (!report)
        return report.error();
    return engine::SweepRun { job.device, job.value, std::move(report).value() };
}

std::vector<PointJob> pointJobs(const SweepRequest& request)
{
    std::vector<PointJob> jobs;
    for (const auto& device : request.deviceIds)
        for (auto value = request.from; value <= request.to; value += std::max<qint64>(1, request.step))
            jobs.push_back({ device.toStdString(), value });
    return jobs;
}

/// The shared state of one sweep's pool.
struct Pool {
    std::vector<std::optional<engine::SweepRun>> points;
    std::atomic<std::size_t> next { 0 };
    std::stop_source failed;
    std::mutex mutex; ///< guards error, done and progress calls
    std::optional<engine::Error> error;
    int done = 0;
};

void runWorker(const SweepRequest& request, const std::vector<PointJob>& jobs, const engine::DeviceCatalog& catalog,
    std::stop_token stop, const ProgressCallback& progress, Pool& pool)
{
    for (auto i = pool.next++; i < jobs.size() && !pool.failed.stop_requested() && !stop.stop_requested();
         i = pool.next++) {
        auto point = runPoint(request, jobs[i], catalog, stop);
        std::lock_guard lock(pool.mutex);
        if (!point) {
            if (!pool.error) {
                pool.error = point.error();
                pool.error->message = jobs[i].device + ", " + request.param.toStdString() + "="
                    + std::to_string(jobs[i].value) + ": " + pool.error->message;
            }
            pool.failed.request_stop();
            return;
        }
        pool.points[i] = std::move(point).value();
        if (progress)
            progress(++pool.done, static_cast<int>(jobs.size()),
                QStringLiteral("%1 %2=%3").arg(QString::fromStdString(jobs[i].device), request.param).arg(jobs[i].value));
    }
}

} // namespace

engine::Result<std::vector<engine::SweepRun>> runSweepPoints(
    const SweepRequest& request, const engine::DeviceCatalog& catalog, std::stop_token stop,
    const ProgressCallback& progress)
{
    const auto jobs = pointJobs(request);
    Pool pool;
    pool.points.resize(jobs.size());
    const int cores = request.threads > 0 ? request.threads : std::max(1, QThread::idealThreadCount());
    {
        std::vector<std::jthread> threads;
        for (std::size_t t = 0; t < std::min<std::size_t>(static_cast<std::size_t>(cores), jobs.size()); ++t)
            threads.emplace_back([&] { runWorker(request, jobs, catalog, stop, progress, pool); });
    }
    if (pool.error)
        return *pool.error;
    if (stop.stop_requested())
        return engine::Error { engine::ErrorCode::InvalidArgument, "sweep cancelled" };
    std::vector<engine::SweepRun> points;
    for (auto& point : pool.points)
        points.push_back(std::move(*point));
    return points;
}

} // namespace model

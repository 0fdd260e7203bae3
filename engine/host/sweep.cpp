#include "engine/host/sweep.h"

#include "engine/common/host_heap.h"

#include "engine/common/host_cores.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

namespace engine {

std::vector<std::int64_t> SweepRange::values() const
{
    std::vector<std::int64_t> out;
    // Counted in unsigned arithmetic (modular, so exact for any FROM <= TO), not stepped to TO: a range
    // ending near INT64_MAX would overflow `v += step`.
    const auto first = static_cast<std::uint64_t>(from);
    const auto stride = static_cast<std::uint64_t>(step);
    const auto count = (static_cast<std::uint64_t>(to) - first) / stride + 1;
    for (std::uint64_t i = 0; i < count; ++i)
        out.push_back(static_cast<std::int64_t>(first + i * stride));
    return out;
}

Result<SweepRange> parseSweepRange(const std::string& text)
{
    const auto bad = [&](const std::string& why) {
        return Error {ErrorCode::InvalidArgument, "--param " + text + ": " + why + " (expected NAME=FROM:TO[:STEP])"};
    };
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        return bad("no parameter name");
    SweepRange range;
    range.param = text.substr(0, eq);
    std::vector<std::int64_t> numbers;
    std::size_t start = eq + 1;
    while (start <= text.size()) {
        const auto colon = std::min(text.find(':', start), text.size());
        try {
            std::size_t used = 0;
            const auto piece = text.substr(start, colon - start);
            numbers.push_back(std::stoll(piece, &used));
            if (used != piece.size())
                return bad("'" + piece + "' is not an integer");
        } catch (const std::exception&) {
            return bad("'" + text.substr(start, colon - start) + "' is not an integer");
        }
        start = colon + 1;
    }
    if (numbers.size() < 2 || numbers.size() > 3)
        return bad("needs FROM and TO");
    range.from = numbers[0];
    range.to = numbers[1];
    range.step = numbers.size() == 3 ? numbers[2] : 1;
    if (range.step <= 0 || range.to < range.from)
        return bad("TO must not be below FROM and STEP must be positive");
    // TO - FROM can exceed INT64_MAX (FROM negative); as unsigned it is exact.
    if ((static_cast<std::uint64_t>(range.to) - static_cast<std::uint64_t>(range.from))
            / static_cast<std::uint64_t>(range.step)
        >= 100000)
        return bad("more than 100000 points");
    return range;
}

namespace {

struct Job {
    std::size_t device;
    std::int64_t value;
};

Result<SweepRun> runPoint(const std::filesystem::path& scenario, const SweepRange& range, const std::string& device,
    std::int64_t value, const DeviceCatalog& catalog, const SweepOptions& options)
{
    auto params = options.overrides;
    params[range.param] = value;
    auto prepared = prepareScenario(scenario, device, params, catalog);
    if (!prepared)
        return prepared.error();
    auto executor = options.makeExecutor();
    RunOptions runOptions;
    runOptions.stop = options.stop;
    runOptions.instructionBudget = options.instructionBudget;
    runOptions.collectBuffers = false; // a sweep reports counters and times; every point's buffers would pile up
    auto report = runScenario(prepared->scenario, prepared->module, *prepared->profile, *executor, runOptions);
    if (!report)
        return report.error();
    return SweepRun {device, value, std::move(report).value()};
}

} // namespace

Result<std::vector<SweepRun>> runSweep(const std::filesystem::path& scenario, const SweepRange& range,
    const std::vector<std::string>& devices, const DeviceCatalog& catalog, const SweepOptions& options)
{
    std::vector<Job> jobs;
    for (std::size_t d = 0; d < devices.size(); ++d)
        for (const auto value : range.values())
            jobs.push_back({d, value});
    std::vector<std::optional<SweepRun>> points(jobs.size());
    std::atomic<std::size_t> next {0}, done {0};
    std::stop_source failed;
    std::optional<Error> firstError;
    std::exception_ptr firstException; // our bug (or memory exhausted): rethrown on the caller's thread
    std::mutex errorMutex;
    const auto runGuarded = [&](std::size_t i) -> std::optional<Result<SweepRun>> {
        try {
            return runPoint(scenario, range, devices[jobs[i].device], jobs[i].value, catalog, options);
        } catch (...) {
            std::lock_guard lock(errorMutex);
            if (!firstException)
                firstException = std::current_exception();
            failed.request_stop();
            return std::nullopt;
        }
    };
    const auto worker = [&] {
        adviseThreadHeap(); // each point's launch allocates here
        for (auto i = next++; i < jobs.size() && !failed.stop_requested() && !options.stop.stop_requested();
             i = next++) {
            auto guarded = runGuarded(i);
            if (!guarded)
                return;
            auto& point = *guarded;
            if (!point) {
                std::lock_guard lock(errorMutex);
                if (!firstError) {
                    firstError = point.error();
                    firstError->message = devices[jobs[i].device] + ", " + range.param + "="
                        + std::to_string(jobs[i].value) + ": " + firstError->message;
                }
                failed.request_stop();
                return;
            }
            points[i] = std::move(point).value();
            std::lock_guard lock(errorMutex);
            if (options.onPoint)
                options.onPoint(i, *points[i]);
            if (options.progress)
                options.progress(++done, jobs.size(),
                    devices[jobs[i].device] + " " + range.param + "=" + std::to_string(jobs[i].value));
        }
    };
    const unsigned threads = options.threads ? options.threads : usableCores();
    {
        std::vector<std::jthread> pool;
        for (unsigned t = 0; t < std::min<std::size_t>(threads, jobs.size()); ++t)
            pool.emplace_back(worker);
    }
    if (firstException)
        std::rethrow_exception(firstException);
    if (firstError)
        return *firstError;
    if (options.stop.stop_requested())
        return Error {ErrorCode::InvalidArgument, "sweep cancelled"};
    std::vector<SweepRun> out;
    for (auto& point : points)
        out.push_back(std::move(*point));
    return out;
}

} // namespace engine

#include "model/roofline/roofline_run.h"

#include "engine/ptx/parser.h"
#include "model/export/run_device.h"
#include "model/store/trace_reader.h"

#include <algorithm>
#include <map>
#include <span>
#include <vector>

namespace model {

namespace {

    /// The run's modules, parsed once each (the PTX the run recorded).
    using ParsedModules = std::map<std::uint32_t, engine::ptx::Module>;

    /// A launch's kernel in its re-parsed module (the callees' PCs index the module's other functions).
    struct KernelCode {
        const engine::ptx::Module* module = nullptr;
        const engine::ptx::Function* function = nullptr;
    };

    engine::Result<KernelCode> kernelFunction(const RunDetail& detail, ParsedModules& modules,
        engine::KernelId kernelId)
    {
        const auto kernel = std::find_if(detail.kernels.begin(), detail.kernels.end(),
            [&](const auto& k) { return k.id == kernelId; });
        if (kernel == detail.kernels.end())
            return engine::Error { engine::ErrorCode::ParseError, "a launch names a kernel the run does not record", {} };
        auto parsed = modules.find(kernel->module.value);
        if (parsed == modules.end()) {
            const auto record = std::find_if(detail.modules.begin(), detail.modules.end(),
                [&](const auto& m) { return m.id == kernel->module; });
            if (record == detail.modules.end())
                return engine::Error { engine::ErrorCode::ParseError, "kernel " + kernel->name + "'s module is not recorded", {} };
            auto module = engine::ptx::parsePtx(record->ptxText, record->path);
            if (!module)
                return module.error();
            parsed = modules.emplace(kernel->module.value, std::move(module.value())).first;
        }
        const int index = parsed->second.findFunction(kernel->mangledName);
        if (index < 0)
            return engine::Error { engine::ErrorCode::ParseError, "no function " + kernel->mangledName + " in the recorded PTX", {} };
        return KernelCode { &parsed->second, &parsed->second.functions[static_cast<std::size_t>(index)] };
    }

    /// Adds the per-PC issue totals `counters` of functions of `module` to `mix` (PCs beyond a function ignored).
    template <typename Counters>
    void addMix(engine::InstructionMix& mix, const engine::ptx::Function& function, const Counters& counters)
    {
        std::vector<std::uint64_t> warps(function.instructions.size()), threads(warps.size());
        for (const auto& pc : counters) {
            if (pc.pc.value < warps.size()) {
                warps[pc.pc.value] = pc.warpInstructions;
                threads[pc.pc.value] = pc.threadInstructions;
            }
        }
        engine::addInstructionMix(mix, function, warps, threads);
    }

    engine::LaunchCounters countersOf(const LaunchRow& row)
    {
        const auto& s = row.summary;
        engine::LaunchCounters c;
        c.memory = { s.globalLoadRequests, s.globalLoadSectors, s.globalLoadTransactions, s.globalLoadBytesRequested,
            s.globalLoadBytesMoved, s.globalStoreRequests, s.globalStoreSectors, s.globalStoreTransactions,
            s.globalStoreBytesRequested, s.globalStoreBytesMoved, s.sharedLoadRequests, s.sharedLoadWavefronts,
            s.sharedStoreRequests, s.sharedStoreWavefronts, s.sharedLoadIdealWavefronts, s.sharedStoreIdealWavefronts };
        if (s.cycles > 0) { // a timing model ran the launch
            c.cycles = s.cycles;
            c.caches = engine::CacheCounters { s.l1HitSectors, s.l1MissSectors, s.l2HitSectors, s.l2MissSectors };
            c.dramBytesRead = s.dramBytesRead;
            c.dramBytesWritten = s.dramBytesWrite;
        }
        return c;
    }

    std::optional<engine::MemoryChartLink> hostLinkOf(const engine::DeviceProfile& profile,
        const std::vector<engine::StreamOp>& ops)
    {
        std::uint64_t bytes = 0;
        double us = 0;
        for (const auto& op : ops) {
            if (op.kind != engine::StreamOpKind::MemcpyHtoD && op.kind != engine::StreamOpKind::MemcpyDtoH)
                continue;
            bytes += op.bytes;
            us += op.endUs - op.startUs;
        }
        if (bytes == 0)
            return std::nullopt;
        return engine::hostLink(profile, bytes, us * 1e-6);
    }

} // namespace

engine::Result<RooflineRun> loadRooflineRun(const TraceReader& reader, std::int64_t runId)
{
    auto detail = reader.runDetail(runId);
    if (!detail)
        return detail.error();
    auto profile = runDevice(detail.value());
    if (!profile)
        return profile.error();
    auto rows = reader.launches(runId);
    if (!rows)
        return rows.error();
    RooflineRun run { runId, profile->id, profile->name, detail->run.scenarioPath,
        engine::deviceCeilings(*profile), {}, std::nullopt };
    ParsedModules modules;
    for (std::size_t i = 0; i < rows->size(); ++i) {
        const auto& row = (*rows)[i];
        auto function = kernelFunction(detail.value(), modules, row.info.kernel);
        if (!function)
            return function.error();
        auto pcs = reader.pcCounters(row.id);
        if (!pcs)
            return pcs.error();
        auto callees = reader.calleeCounters(row.id);
        if (!callees)
            return callees.error();
        RooflineLaunch launch { row.id, static_cast<int>(i), row.kernelName, row.summary.startUs, row.summary.timeUs,
            countersOf(row), std::nullopt, std::nullopt, {} };
        addMix(launch.counters.mix, *function->function, pcs.value());
        // What the kernel's callees executed counts too (.func bodies), function by function.
        const auto& functions = function->module->functions;
        for (auto from = callees->begin(); from != callees->end();) {
            const auto to = std::find_if(from, callees->end(), [&](const auto& c) { return c.function != from->function; });
            if (from->function < functions.size())
                addMix(launch.counters.mix, functions[from->function], std::span(from, to));
            from = to;
        }
        launch.roofline = engine::launchRoofline(*profile, launch.counters);
        launch.speedOfLight = engine::speedOfLight(*profile, launch.counters);
        launch.memoryChart = engine::memoryChart(*profile, launch.counters);
        run.launches.push_back(std::move(launch));
    }
    if (auto ops = reader.streamOps(runId))
        run.hostLink = hostLinkOf(*profile, ops.value());
    return run;
}

} // namespace model

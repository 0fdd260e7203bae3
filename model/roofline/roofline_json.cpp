#include "model/roofline/roofline_json.h"

namespace model {

namespace {

    nlohmann::json optional(const std::optional<double>& value)
    {
        return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
    }

    nlohmann::json ceilingJson(const engine::Ceiling& c)
    {
        return { { "id", c.id }, { "label", c.label }, { "peak", c.peak }, { "derivation", c.derivation },
            { "source", c.source } };
    }

    nlohmann::json ceilingsJson(const engine::DeviceCeilings& ceilings)
    {
        auto memory = nlohmann::json::array();
        for (const auto& c : ceilings.memory)
            memory.push_back(ceilingJson(c)); // bytes/s
        auto compute = nlohmann::json::array();
        for (const auto& c : ceilings.compute)
            compute.push_back(ceilingJson(c)); // FLOP/s
        return { { "memory_bytes_per_second", memory }, { "compute_flops_per_second", compute },
            { "integer_ops_per_second", ceilingJson(ceilings.integer) } };
    }

    nlohmann::json flopsJson(const engine::InstructionMix& mix)
    {
        nlohmann::json flops = nlohmann::json::object();
        for (std::size_t k = 0; k < engine::kFlopKindCount; ++k)
            flops[engine::toString(static_cast<engine::FlopKind>(k))] = mix.flops[k];
        flops["total"] = mix.totalFlops();
        return flops;
    }

    nlohmann::json pointsJson(const std::optional<engine::LaunchRoofline>& roofline)
    {
        auto points = nlohmann::json::array();
        if (!roofline)
            return points;
        for (const auto& p : roofline->points)
            points.push_back({ { "level", engine::toString(p.level) }, { "bytes", p.bytes },
                { "intensity", p.intensity }, { "performance", p.performance } });
        return points;
    }

    nlohmann::json speedOfLightJson(const std::optional<engine::SpeedOfLight>& sol)
    {
        if (!sol)
            return nullptr;
        auto units = nlohmann::json::array();
        for (const auto& u : sol->units)
            units.push_back({ { "id", u.id }, { "label", u.label }, { "memory", u.memory }, { "percent", u.percent },
                { "source", u.section } });
        return { { "units", units }, { "limiter", sol->limiter } };
    }

    nlohmann::json linkJson(const engine::MemoryChartLink& l)
    {
        return { { "from", l.from }, { "to", l.to }, { "requests", l.requests }, { "sectors", l.sectors },
            { "transactions", l.transactions }, { "bytes", l.bytes }, { "percent_of_peak", optional(l.percentOfPeak) } };
    }

    nlohmann::json memoryChartJson(const engine::MemoryChart& chart)
    {
        auto nodes = nlohmann::json::array();
        for (const auto& n : chart.nodes)
            nodes.push_back({ { "id", n.id }, { "label", n.label }, { "hit_rate", optional(n.hitRate) } });
        auto links = nlohmann::json::array();
        for (const auto& l : chart.links)
            links.push_back(linkJson(l));
        return { { "nodes", nodes }, { "links", links } };
    }

    nlohmann::json launchJson(const RooflineLaunch& launch)
    {
        const auto& r = launch.roofline;
        return { { "index", launch.index }, { "kernel", launch.kernel }, { "start_us", launch.startUs },
            { "time_us", launch.timeUs }, { "flops", flopsJson(launch.counters.mix) },
            { "integer_operations", launch.counters.mix.integerOperations },
            { "kernel_seconds", r ? nlohmann::json(r->seconds) : nlohmann::json(nullptr) },
            { "work_unit", r && r->integer ? "integer_operations" : "flops" },
            { "achieved_per_second", r ? nlohmann::json(r->work / r->seconds) : nlohmann::json(nullptr) },
            { "points", pointsJson(r) }, { "speed_of_light", speedOfLightJson(launch.speedOfLight) },
            { "memory_chart", memoryChartJson(launch.memoryChart) } };
    }

} // namespace

nlohmann::json rooflineJson(const RooflineRun& run)
{
    auto launches = nlohmann::json::array();
    for (const auto& launch : run.launches)
        launches.push_back(launchJson(launch));
    return { { "run_id", run.runId }, { "device", run.deviceId }, { "device_name", run.deviceName },
        { "scenario", run.scenarioName }, { "ceilings", ceilingsJson(run.ceilings) }, { "launches", launches },
        { "host_link", run.hostLink ? linkJson(*run.hostLink) : nlohmann::json(nullptr) } };
}

} // namespace model

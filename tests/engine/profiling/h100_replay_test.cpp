// Every bundled scenario (but the stream ones, which time copies) against Nsight Compute on a real H100:
// bench/hardware/replay_on_device.sh replayed each scenario's launches with the model's own input bytes
// (bench/hardware/replay/) and read their counters (bench/hardware/h100/replay_counters_ncu.csv, one
// record per launch in the order of replay_launches.csv). The h100 profile must give the same global
// requests and sectors, and shared-memory wavefronts within 3 %.
// Set WARPSCOPE_REPLAY_TABLE=FILE to also write the comparison as a Markdown table.
#include "engine/device/device_catalog.h"
#include "engine/host/kernel_executor.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "engine/profiling/ncu_csv.h"
#include "tests/engine/test_paths.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

namespace {

namespace fs = std::filesystem;

struct ReplayedLaunch {
    std::string scenario;
    std::size_t index = 0;
};

std::vector<ReplayedLaunch> replayedLaunches()
{
    std::ifstream in(testing_paths::sourceDir() / "bench/hardware/h100/replay_launches.csv");
    std::vector<ReplayedLaunch> launches;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string tag, scenario, index;
        std::getline(fields, tag, ',');
        std::getline(fields, scenario, ',');
        std::getline(fields, index, ',');
        launches.push_back({ scenario, static_cast<std::size_t>(std::stoul(index)) });
    }
    return launches;
}

fs::path scenarioFile(const std::string& stem)
{
    for (const auto& entry : fs::recursive_directory_iterator(testing_paths::sourceDir() / "resources/scenarios")) {
        if (entry.path().extension() == ".json" && entry.path().stem() == stem)
            return entry.path();
    }
    return {};
}

struct Metric {
    const char* ncu;
    const char* label;
    bool exact; ///< else within 3 %
};

constexpr Metric kReplayMetrics[] = {
    {"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "ld requests", true},
    {"l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "ld sectors", true},
    {"l1tex__t_requests_pipe_lsu_mem_global_op_st.sum", "st requests", true},
    {"l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum", "st sectors", true},
    {"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "shared ld wavefronts", false},
    {"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", "shared st wavefronts", false},
    {"smsp__inst_executed_op_shared_ld.sum", "shared ld instructions", false},
    {"smsp__inst_executed_op_shared_st.sum", "shared st instructions", false},
};
constexpr int kAsserted = 6; ///< the instruction counts are reported, not asserted (see the table's notes)

std::array<double, 8> modeled(const engine::LaunchReport& launch)
{
    const auto& m = launch.outcome.memory;
    return { double(m.globalLoadRequests), double(m.globalLoadSectors), double(m.globalStoreRequests),
        double(m.globalStoreSectors), double(m.sharedLoadWavefronts), double(m.sharedStoreWavefronts),
        double(m.sharedLoadRequests), double(m.sharedStoreRequests) };
}

} // namespace

TEST(H100Replay, EveryBundledScenarioMatchesNsightCompute)
{
    const auto ncu = engine::loadNcuCsv(testing_paths::sourceDir() / "bench/hardware/h100/replay_counters_ncu.csv");
    ASSERT_TRUE(ncu.ok()) << ncu.error().toString();
    const auto launches = replayedLaunches();
    ASSERT_EQ(ncu->size(), launches.size());
    ASSERT_GE(launches.size(), 100u);
    const auto catalog = engine::DeviceCatalog::load({}).catalog;
    std::map<std::string, std::vector<engine::LaunchReport>> runs;
    std::ostringstream table;
    table << "| scenario | launch | kernel";
    for (const auto& metric : kReplayMetrics)
        table << " | " << metric.label;
    table << " |\n|---|---|---";
    for (std::size_t k = 0; k < std::size(kReplayMetrics); ++k)
        table << "|---";
    table << "|\n";
    for (std::size_t i = 0; i < launches.size(); ++i) {
        const auto& [scenario, index] = launches[i];
        if (runs.count(scenario) == 0) {
            const auto file = scenarioFile(scenario);
            ASSERT_FALSE(file.empty()) << scenario;
            auto prepared = engine::prepareScenario(file, "h100", {}, catalog);
            ASSERT_TRUE(prepared.ok()) << prepared.error().toString();
            engine::FunctionalExecutor executor;
            auto report = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor);
            ASSERT_TRUE(report.ok()) << report.error().toString();
            runs[scenario] = report->launches;
        }
        ASSERT_LT(index, runs[scenario].size()) << scenario;
        const auto& launch = runs[scenario][index];
        const auto model = modeled(launch);
        const auto& record = (*ncu)[i];
        table << "| " << scenario << " | " << index << " | " << launch.kernel;
        for (int k = 0; k < static_cast<int>(std::size(kReplayMetrics)); ++k) {
            const double measured = record.metric(kReplayMetrics[k].ncu).value_or(-1);
            const double value = model[static_cast<std::size_t>(k)];
            table << " | " << static_cast<long long>(measured) << " / " << static_cast<long long>(value);
            if (k >= kAsserted)
                continue;
            if (kReplayMetrics[k].exact)
                EXPECT_EQ(value, measured) << scenario << " launch " << index << ": " << kReplayMetrics[k].label;
            else
                EXPECT_NEAR(value, measured, 0.03 * measured)
                    << scenario << " launch " << index << ": " << kReplayMetrics[k].label;
        }
        table << " |\n";
    }
    if (const char* path = std::getenv("WARPSCOPE_REPLAY_TABLE"))
        std::ofstream(path) << table.str();
}

// The h100 profile's memory counters against Nsight Compute on a real H100
// (bench/hardware/h100/kernel_counters_ncu.csv, from bench/hardware/run_on_device.sh) for the Best
// Practices Guide's kernels. The hardware ran offsetCopy at n = 16 M, strideCopy at n = 1 M and the matrix
// kernels at M = 1024; the model runs them 64, 16 and 16 times smaller. Every warp of these kernels makes
// the same accesses, so requests, sectors and wavefronts scale exactly with the number of warps.
// Set WARPSCOPE_COUNTER_TABLE=FILE to also write the comparison as a Markdown table.
#include "engine/host/kernel_executor.h"
#include "engine/host/module_source.h"
#include "engine/host/scenario_parser.h"
#include "engine/host/scenario_resolver.h"
#include "engine/host/scenario_runner.h"
#include "engine/profiling/ncu_csv.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/test_paths.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

namespace {

struct Case {
    int ncuId;
    std::string label;
    std::string scenario; ///< JSON text
    double scale;
};

std::string copyScenario(const char* file, const char* kernel, const char* param, int value, int n, int elements)
{
    const auto module = (testing_paths::sourceDir() / "resources/kernels" / file).string();
    return R"({"warpscope": 1, "module": ")" + module + R"(", "params": {"n": )" + std::to_string(n)
        + R"(}, "buffers": {"a": {"type": "f32", "count": )" + std::to_string(elements) + R"(},
        "b": {"type": "f32", "count": )" + std::to_string(elements) + R"(}},
        "steps": [{"launch": {"kernel": ")" + kernel + R"(", "grid": ["n / 256"], "block": [256],
        "args": ["b", "a", )" + std::to_string(value) + "]}}]}";
    (void)param;
}

std::string matrixScenario(const char* file, const char* kernel, bool ab, int m)
{
    const auto module = (testing_paths::sourceDir() / "resources/kernels" / file).string();
    const auto args = ab ? R"(["a", "b", "c", )" + std::to_string(m) + "]" : R"(["a", "c", )" + std::to_string(m) + "]";
    return R"({"warpscope": 1, "module": ")" + module + R"(", "buffers": {
        "a": {"type": "f32", "count": )" + std::to_string(m * 32) + R"(, "init": "random:1"},
        "b": {"type": "f32", "count": )" + std::to_string(m * 32) + R"(, "init": "random:2"},
        "c": {"type": "f32", "count": )" + std::to_string(m * m) + R"(}},
        "steps": [{"launch": {"kernel": ")" + kernel + R"(", "grid": [)" + std::to_string(m / 32) + ", "
        + std::to_string(m / 32) + R"(], "block": [32, 32], "args": )" + args + "}}]}";
}

std::vector<Case> cases()
{
    std::vector<Case> all;
    for (int offset = 0; offset <= 32; ++offset)
        all.push_back({ offset, "offsetCopy offset " + std::to_string(offset),
            copyScenario("offset_copy.cu", "offsetCopy", "offset", offset, 262144, 262144 + 32), 64 });
    for (int stride = 1; stride <= 32; ++stride)
        all.push_back({ 32 + stride, "strideCopy stride " + std::to_string(stride),
            copyScenario("stride_copy.cu", "strideCopy", "stride", stride, 65536, 65536 * stride), 16 });
    const std::tuple<const char*, const char*, bool, const char*> matrices[] = {
        { "matrix_ab.cu", "simpleMultiply", true, "C=AB simpleMultiply" },
        { "matrix_ab.cu", "coalescedMultiply", true, "C=AB coalescedMultiply" },
        { "matrix_ab.cu", "sharedABMultiply", true, "C=AB sharedABMultiply" },
        { "matrix_aat.cu", "simpleMultiply", false, "C=AAT simpleMultiply" },
        { "matrix_aat.cu", "coalescedMultiply", false, "C=AAT coalescedMultiply" },
        { "matrix_aat_padded.cu", "coalescedMultiply", false, "C=AAT padded coalescedMultiply" },
    };
    int id = 65;
    for (const auto& [file, kernel, ab, label] : matrices)
        all.push_back({ id++, label, matrixScenario(file, kernel, ab, 256), 16 });
    return all;
}

engine::LaunchReport runCase(const Case& c, const engine::DeviceProfile& profile)
{
    auto spec = engine::parseScenario(c.scenario, testing_paths::sourceDir() / "tests/h100-case.json");
    EXPECT_TRUE(spec.ok()) << spec.error().toString();
    auto resolved = engine::resolveScenario(*spec);
    EXPECT_TRUE(resolved.ok()) << resolved.error().toString();
    auto module = engine::loadScenarioModule(resolved->module, profile);
    EXPECT_TRUE(module.ok()) << module.error().toString();
    engine::FunctionalExecutor executor;
    auto report = engine::runScenario(*resolved, *module, profile, executor);
    EXPECT_TRUE(report.ok()) << report.error().toString();
    return report->launches.front();
}

struct Row {
    std::string label;
    double measured[6];
    double modeled[6];
};

const char* const kCounterMetrics[6] = {
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
};

void writeTable(const std::vector<Row>& rows, const char* path)
{
    std::ofstream out(path);
    out << "| kernel | ld requests (H100 / model) | ld sectors | st requests | st sectors | shared ld wavefronts | "
           "shared st wavefronts |\n|---|---|---|---|---|---|---|\n";
    for (const auto& row : rows) {
        out << "| " << row.label;
        for (int m = 0; m < 6; ++m)
            out << " | " << static_cast<long long>(row.measured[m]) << " / " << static_cast<long long>(row.modeled[m]);
        out << " |\n";
    }
}

TEST(H100Counters, GlobalCountsMatchNsightComputeExactlyAndSharedWavefrontsWithinThreePercent)
{
    const auto ncu = engine::loadNcuCsv(testing_paths::sourceDir() / "bench/hardware/h100/kernel_counters_ncu.csv");
    ASSERT_TRUE(ncu.ok()) << ncu.error().toString();
    ASSERT_EQ(ncu->size(), 71u);
    const auto& h100 = testing_fixtures::builtinProfile("h100");
    std::vector<Row> rows;
    for (const auto& c : cases()) {
        const auto& record = (*ncu)[static_cast<std::size_t>(c.ncuId)];
        const auto launch = runCase(c, h100);
        const auto& m = launch.outcome.memory;
        const double modeled[6] = { double(m.globalLoadRequests), double(m.globalLoadSectors), double(m.globalStoreRequests),
            double(m.globalStoreSectors), double(m.sharedLoadWavefronts), double(m.sharedStoreWavefronts) };
        Row row { c.label, {}, {} };
        for (int k = 0; k < 6; ++k) {
            row.measured[k] = record.metric(kCounterMetrics[k]).value_or(-1);
            row.modeled[k] = modeled[k] * c.scale;
        }
        for (int k = 0; k < 4; ++k)
            EXPECT_EQ(row.modeled[k], row.measured[k]) << c.label << ": " << kCounterMetrics[k];
        // Shared wavefronts within 3 %: the hardware adds a little noise to the matrix kernels' counts.
        for (int k = 4; k < 6; ++k)
            EXPECT_NEAR(row.modeled[k], row.measured[k], 0.03 * row.measured[k])
                << c.label << ": " << kCounterMetrics[k];
        rows.push_back(row);
    }
    if (const char* path = std::getenv("WARPSCOPE_COUNTER_TABLE"))
        writeTable(rows, path);
}

} // namespace

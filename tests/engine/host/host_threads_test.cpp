// A run's buffers are filled, copied and set on RunOptions::threads host threads: every byte the run ends with, and
// its timeline, are the one-thread run's.
#include "engine/host/kernel_executor.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/test_paths.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace {

engine::RunReport runWith(const std::filesystem::path& scenario, unsigned threads)
{
    const auto prepared = engine::prepareScenario(scenario, "h100", {}, testing_fixtures::builtinCatalog());
    EXPECT_TRUE(prepared.ok()) << prepared.error().toString();
    engine::FunctionalExecutor executor;
    engine::RunOptions options;
    options.threads = threads;
    auto report = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor, options);
    EXPECT_TRUE(report.ok()) << report.error().toString();
    return std::move(report).value();
}

TEST(HostThreads, BuffersCopiesAndMemsetsEndTheSameOnEveryThreadCount)
{
    // An offset copy whose buffers of 12 MB take several chunks: random and iota fills, a copy to the device, a
    // memset of part of the output, the kernel, a copy back and a copy between overlapping ranges of one buffer.
    const auto kernels = testing_paths::sourceDir() / "resources/kernels/offset_copy.cu";
    const auto file = std::filesystem::temp_directory_path() / "warpscope_host_threads_test.json";
    std::ofstream(file) << R"({"warpscope": 1, "name": "host threads", "module": ")" << kernels.string() << R"json(",
        "params": {"n": 3145728},
        "buffers": {"idata": {"type": "f32", "count": "n + 32", "init": "iota"},
                    "odata": {"type": "f32", "count": "n + 32", "init": "zero"}},
        "host": {"h_in": {"type": "f32", "count": "n + 32", "pinned": true, "init": "random:42"},
                 "h_out": {"type": "u32", "count": "n + 32", "init": "random:9"}},
        "steps": [
          {"memcpy": {"dst": "idata", "src": "h_in", "bytes": "4 * (n + 32)"}},
          {"memset": {"dst": "odata", "value": 7, "bytes": "4 * n"}},
          {"launch": {"kernel": "offsetCopy", "grid": ["n / 512"], "block": [256], "args": ["odata", "idata", 1]}},
          {"memcpy": {"dst": "h_out", "src": "odata", "bytes": "4 * (n + 32)"}},
          {"memcpy": {"dst": "h_out", "src": "h_out", "bytes": "4 * (n - 8)", "dst_offset": 32}},
          {"synchronize": {}}]})json";
    const engine::RunReport one = runWith(file, 1);
    ASSERT_EQ(one.buffers.size(), 4u);
    for (const unsigned threads : { 2u, 5u }) {
        const engine::RunReport many = runWith(file, threads);
        ASSERT_EQ(many.buffers.size(), one.buffers.size());
        for (std::size_t b = 0; b < one.buffers.size(); ++b)
            EXPECT_TRUE(many.buffers[b].bytes == one.buffers[b].bytes) << one.buffers[b].name << ", " << threads;
        ASSERT_EQ(many.timeline.size(), one.timeline.size());
        for (std::size_t i = 0; i < one.timeline.size(); ++i)
            EXPECT_EQ(many.timeline[i].endUs, one.timeline[i].endUs) << i;
    }
    std::filesystem::remove(file);
}

} // namespace

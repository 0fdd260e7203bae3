// warpscope-cli run on the bundled asynchronous-copy scenario: every output against a CPU reference of the dumped
// inputs, the cp.async counters, and the error for a device without bulk copies.
#include "tests/cli/cli_process.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using testing_cli::kNoUserProfiles;
using testing_cli::readDump;
using testing_cli::runCli;
namespace fs = std::filesystem;

fs::path source(const char* relative)
{
    return fs::path(WARPSCOPE_SOURCE_DIR) / relative;
}

} // namespace

TEST(AsyncCopyCli, EveryKernelEqualsItsCpuReference)
{
    const fs::path dir = fs::temp_directory_path() / "warpscope-async-cli";
    fs::create_directories(dir);
    const int tiles = 16;
    const int n = 4096;
    const int bounded = 4000;
    const auto run = runCli({"run", source("resources/scenarios/async_copy.json").string(), "--set", "tiles=16",
                                "--set", "blocks=6", "--set", "n=4096", "--set", "bounded=4000", "--dump",
                                "tiles_in=" + (dir / "in.bin").string(), "--dump", "tiles_out=" + (dir / "out.bin").string(),
                                "--dump", "bounded_out=" + (dir / "bounded.bin").string(), "--dump",
                                "reversed=" + (dir / "rev.bin").string(), "--dump",
                                "bulk_reversed=" + (dir / "bulk.bin").string(), "--json"},
        kNoUserProfiles);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto in = readDump<float>(dir / "in.bin");
    const auto out = readDump<float>(dir / "out.bin");
    ASSERT_EQ(out.size(), static_cast<std::size_t>(tiles * 256 * 4));
    for (std::size_t i = 0; i < out.size(); ++i) {
        const std::size_t tile = i / 1024;
        const std::size_t t = i / 4 % 256;
        ASSERT_EQ(out[i], 3.0F * in[tile * 1024 + (t + 1) % 256 * 4 + i % 4]) << "element " << i;
    }
    const auto b = readDump<float>(dir / "bounded.bin");
    const auto value = [&](int i) { return i < bounded ? in[static_cast<std::size_t>(i)] : 0.0F; };
    for (int i = 0; i < (bounded + 255) / 256 * 256; ++i)
        ASSERT_EQ(b[static_cast<std::size_t>(i)], value(i / 256 * 256 + (i % 256 + 1) % 256) + value(i)) << i;
    for (const char* file : {"rev.bin", "bulk.bin"}) {
        const auto r = readDump<std::int32_t>(dir / file);
        ASSERT_EQ(r.size(), static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i)
            ASSERT_EQ(r[static_cast<std::size_t>(i)], i / 256 * 256 + 255 - i % 256) << file << " element " << i;
    }
    // doubleBufferedScale: one 16-byte cp.async per thread and tile (a warp reads 512 contiguous bytes: 16
    // sectors), counted as a global load as Nsight Compute counts LDGSTS, its shared write not as a shared store
    // (H100: 4096 requests, 65 536 sectors, 0 shared store wavefronts at 512 tiles; docs/async_copies.md).
    const auto json = nlohmann::json::parse(run.out);
    const auto& scale = json["launches"][0];
    EXPECT_EQ(scale["global_load_requests"], tiles * 8);
    EXPECT_EQ(scale["global_load_sectors"], tiles * 8 * 16);
    EXPECT_EQ(scale["global_store_requests"], tiles * 8);
    EXPECT_EQ(scale["shared_store_requests"], 0);
    EXPECT_EQ(scale["shared_load_wavefronts"], tiles * 8 * 4);
    // bulkReverse: the bulk copies go through the tensor memory accelerator, not the LSU: no global requests
    // (H100: 0 and 0), but its bytes are read.
    const auto& bulk = json["launches"][3];
    EXPECT_EQ(bulk["global_load_requests"], 0);
    EXPECT_EQ(bulk["global_store_requests"], 0);
    EXPECT_EQ(bulk["shared_store_requests"], n / 32);
    fs::remove_all(dir);
}

TEST(AsyncCopyCli, BulkCopiesNeedCompute90)
{
    // The sm_90 PTX on an A100 (CC 8.0): cp.async runs, the bulk copy is refused with its line.
    const fs::path dir = fs::temp_directory_path() / "warpscope-async-cli-a100";
    fs::create_directories(dir);
    const fs::path file = dir / "bulk_on_a100.json";
    std::ofstream(file) << R"({"warpscope": 1, "name": "bulk on a100", "module": ")"
                        << source("resources/kernels/sm_90/async_copy.ptx").string() << R"(", "device": "a100",
        "buffers": {"a": {"type": "i32", "count": 256, "init": "iota"}, "b": {"type": "i32", "count": 256, "init": "zero"}},
        "steps": [{"launch": {"kernel": "_Z11bulkReversePKiPi", "grid": [1], "block": [256], "args": ["a", "b"]}}]})";
    const auto run = runCli({"run", file.string()}, kNoUserProfiles);
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("needs compute capability 9.0"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("async_copy.ptx:"), std::string::npos) << run.err;
    fs::remove_all(dir);
}

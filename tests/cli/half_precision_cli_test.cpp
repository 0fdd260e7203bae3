// The half-precision scenario against an H100: every output element's bits equal what the GPU wrote
// (bench/hardware/h100/half_precision, made by bench/hardware/half_precision_on_device.sh).
#include "tests/cli/cli_process.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <vector>

using testing_cli::runCli;
namespace fs = std::filesystem;

namespace {

std::vector<char> bytesOf(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(HalfPrecision, OutputsAreTheH100sBitForBit)
{
    const fs::path source(WARPSCOPE_SOURCE_DIR);
    const fs::path h100 = source / "bench/hardware/h100/half_precision";
    const fs::path scratch = fs::temp_directory_path() / "warpscope-half-precision";
    fs::create_directories(scratch);
    const std::vector<std::string> buffers {"h", "h2", "flags", "b", "acc"};
    // The throughput kernel's elements do not depend on the grid: 4 of the H100's 264 blocks are enough.
    std::vector<std::string> args {"run", (source / "resources/scenarios/half_precision.json").string(), "--functional",
        "--set", "throughput_blocks=4"};
    for (const auto& name : buffers) {
        args.push_back("--dump");
        args.push_back(name + "=" + (scratch / name).string());
    }
    const auto run = runCli(args);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    for (const auto& name : buffers) {
        const auto modeled = bytesOf(scratch / name);
        const auto measured = bytesOf(h100 / ("half_" + name + ".bin"));
        ASSERT_FALSE(modeled.empty()) << name;
        ASSERT_LE(modeled.size(), measured.size()) << name;
        std::size_t differing = 0;
        for (std::size_t i = 0; i < modeled.size(); ++i)
            differing += modeled[i] != measured[i];
        EXPECT_EQ(differing, 0u) << name << ": " << differing << " of " << modeled.size() << " bytes differ";
        if (name != "acc") {
            EXPECT_EQ(modeled.size(), measured.size()) << name;
        }
    }
    fs::remove_all(scratch);
}

} // namespace

// warpscope-cli on a source tree (-I, -D, --nvcc-flag, a scenario's "nvcc"), on constant memory filled by
// memcpy_to_symbol, and registers_source in its JSON.
#include "tests/cli/cli_process.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

namespace {

using testing_cli::haveNvcc;
using testing_cli::kSourceTree;
using testing_cli::runCli;
namespace fs = std::filesystem;

const fs::path kTree = kSourceTree / "tests/engine/data/include_tree";

bool havePtxas()
{
    return fs::exists("/usr/local/cuda/bin/ptxas");
}

/// A private cache, the CUDA toolkit on PATH, and no user device profiles.
std::map<std::string, std::string> env()
{
    return {{"XDG_CACHE_HOME", (fs::temp_directory_path() / "warpscope-source-tree-cli-cache").string()},
        {"XDG_CONFIG_HOME", "/nonexistent-warpscope-test"}, {"PATH", "/usr/local/cuda/bin:/usr/bin:/bin"}};
}

template <typename T> std::vector<T> readValues(const fs::path& file)
{
    std::ifstream in(file, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<T> values(bytes.size() / sizeof(T));
    std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
    return values;
}

fs::path temp(const std::string& name)
{
    return fs::temp_directory_path() / ("warpscope-st-" + std::to_string(::getpid()) + "-" + name);
}

/// The tree scenario with its "nvcc" object removed.
fs::path bareTreeScenario()
{
    std::ifstream in(kTree / "tree.json");
    auto json = nlohmann::json::parse(in);
    json.erase("nvcc");
    json["module"] = (kTree / "src/tree_kernel.cu").string();
    const auto file = temp("bare.json");
    std::ofstream(file) << json.dump(2);
    return file;
}

TEST(SourceTreeCli, ScenarioNvccSettingsCompileATreeAndFillItsConstants)
{
    if (!haveNvcc())
        GTEST_SKIP() << "nvcc not installed";
    const auto out = temp("tree_out.bin");
    const auto run
        = runCli({"run", (kTree / "tree.json").string(), "--dump", "d_out=" + out.string(), "--json"}, env());
    ASSERT_EQ(run.exitCode, 0) << run.err;
    // out[i] = sum over k of (k * i + OFFSET) with c_coefficients = {0, 1, 2, 3} and OFFSET = 7: 6i + 28.
    const auto values = readValues<std::int32_t>(out);
    ASSERT_EQ(values.size(), 1000u);
    for (int i = 0; i < 1000; ++i)
        ASSERT_EQ(values[static_cast<std::size_t>(i)], 6 * i + 28) << i;
    const auto json = nlohmann::json::parse(run.out);
    const auto& launch = json["launches"][0];
    EXPECT_EQ(launch["registers_source"], havePtxas() ? "ptxas sm_90" : "estimated");
    EXPECT_GT(launch["registers_per_thread"].get<int>(), 0);
    fs::remove(out);
}

TEST(SourceTreeCli, CommandLineIncludeDefineAndFlag)
{
    if (!haveNvcc())
        GTEST_SKIP() << "nvcc not installed";
    const auto bare = bareTreeScenario();
    auto run = runCli({"run", bare.string(), "--functional"}, env());
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("tree_config.h"), std::string::npos) << run.err; // nvcc's own diagnostic
    const auto out = temp("bare_out.bin");
    run = runCli({"run", bare.string(), "--functional", "-I", (kTree / "include").string(), "-DOFFSET=1",
                     "--nvcc-flag=-std=c++17", "--dump", "d_out=" + out.string()},
        env());
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto values = readValues<std::int32_t>(out);
    ASSERT_EQ(values.size(), 1000u);
    EXPECT_EQ(values[10], 6 * 10 + 4);
    run = runCli({"run", bare.string(), "-I", (kTree / "include").string(), "-D", "1OFFSET=1"}, env());
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("-D 1OFFSET=1: expected NAME=VALUE"), std::string::npos) << run.err;
    fs::remove(bare);
    fs::remove(out);
}

TEST(SourceTreeCli, PtxListsSymbolsAndRegistersSource)
{
    if (!haveNvcc())
        GTEST_SKIP() << "nvcc not installed";
    const auto run = runCli({"ptx", (kTree / "src/tree_kernel.cu").string(), "-I", (kTree / "include").string(), "-D",
                                "OFFSET=7", "--arch", "sm_90", "--json"},
        env());
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto json = nlohmann::json::parse(run.out);
    ASSERT_EQ(json["symbols"].size(), 1u);
    const auto& symbol = json["symbols"][0];
    EXPECT_EQ(symbol["name"], "c_coefficients");
    EXPECT_EQ(symbol["space"], "const");
    EXPECT_EQ(symbol["size"], 16);
    EXPECT_EQ(symbol["initialized"], false);
    const auto& kernel = json["kernels"][0];
    EXPECT_EQ(kernel["registers_source"], havePtxas() ? "ptxas sm_90" : "estimated");
    EXPECT_GT(kernel["registers"].get<int>(), 0);
}

TEST(SourceTreeCli, PtxShowsInitializersOfBundledSymbols)
{
    const auto run = runCli({"ptx", (kSourceTree / "resources/kernels/sm_90/stencil.ptx").string(), "--json"}, env());
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto json = nlohmann::json::parse(run.out);
    ASSERT_EQ(json["symbols"].size(), 2u);
    EXPECT_EQ(json["symbols"][0]["name"], "weights");
    EXPECT_EQ(json["symbols"][0]["size"], 28);
    // 0.05f = 0x3d4ccccd, little-endian first.
    EXPECT_EQ(json["symbols"][0]["initializer_hex"].get<std::string>().substr(0, 8), "cdcc4c3d");
    EXPECT_EQ(json["symbols"][1]["name"], "scale");
    EXPECT_EQ(json["symbols"][1]["space"], "global");
    EXPECT_EQ(json["symbols"][1]["initializer_hex"], "0000803f");
}

TEST(SourceTreeCli, ConstantMemoryConvolutionMatchesTheCpu)
{
    const auto out = temp("conv_out.bin");
    const auto tap = temp("conv_tap.bin");
    const auto filter = temp("conv_filter.bin");
    const auto outputs = temp("conv_outputs.bin");
    const auto run
        = runCli({"run", (kSourceTree / "resources/scenarios/convolution_const.json").string(), "--set", "n=4096",
                     "--dump", "d_out=" + out.string(), "--dump", "d_tap_out=" + tap.string(), "--dump",
                     "c_filter=" + filter.string(), "--dump", "h_outputs=" + outputs.string(), "--json"},
            env());
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const int n = 4096;
    const int radius = 4;
    // h_filter is iota (0 .. 2r) and h_in iota, so every sum is an integer a float holds exactly.
    const auto conv = readValues<float>(out);
    ASSERT_EQ(conv.size(), static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        double expected = 0;
        for (int k = -radius; k <= radius; ++k)
            expected += (radius + k) * std::min(std::max(i + k, 0), n - 1);
        ASSERT_EQ(conv[static_cast<std::size_t>(i)], static_cast<float>(expected)) << i;
    }
    const auto perThread = readValues<float>(tap);
    for (int i = 0; i < n; ++i)
        ASSERT_EQ(perThread[static_cast<std::size_t>(i)], static_cast<float>(((i % 256) % (2 * radius + 1)) * i)) << i;
    // --dump of a symbol: the 9 taps copied in, the rest of c_filter[17] still zero.
    const auto taps = readValues<float>(filter);
    ASSERT_EQ(taps.size(), 17u);
    for (std::size_t k = 0; k < taps.size(); ++k)
        EXPECT_EQ(taps[k], k < 9 ? static_cast<float>(k) : 0.0f) << k;
    EXPECT_EQ(readValues<std::uint32_t>(outputs), std::vector<std::uint32_t> {static_cast<std::uint32_t>(n)});
    const auto json = nlohmann::json::parse(run.out);
    for (const auto& launch : json["launches"])
        EXPECT_EQ(launch["registers_source"], havePtxas() ? "ptxas sm_90" : "ptxas sm_90 (recorded)");
    for (const auto& f : {out, tap, filter, outputs})
        fs::remove(f);
}

TEST(SourceTreeCli, BadSymbolNamesTheScenarioAndStep)
{
    std::ifstream in(kSourceTree / "resources/scenarios/convolution_const.json");
    auto json = nlohmann::json::parse(in);
    json["steps"][1]["memcpy_to_symbol"]["symbol"] = "c_filtre";
    json["module"] = (kSourceTree / "resources/kernels/convolution_const.cu").string();
    const auto file = temp("bad-symbol.json");
    std::ofstream(file) << json.dump(2);
    auto run = runCli({"run", file.string(), "--set", "n=1024"}, env());
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find(file.string()
                  + ": /steps/1/memcpy_to_symbol/symbol: no __constant__ or __device__ variable "
                    "'c_filtre'"),
        std::string::npos)
        << run.err;
    EXPECT_NE(run.err.find("(symbols: c_filter, d_outputs)"), std::string::npos) << run.err;
    fs::remove(file);
    run = runCli({"run", (kSourceTree / "resources/scenarios/convolution_const.json").string(), "--set", "n=1024",
                     "--dump", "c_nothing=/tmp/x.bin"},
        env());
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("the scenario has no buffer and its module no symbol 'c_nothing'"), std::string::npos)
        << run.err;
}

} // namespace

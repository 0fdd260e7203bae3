// The outputs of the asynchronous-copy, thread-block cluster, constant-memory and source-tree kernels against an H100's, byte for byte:
// warpscope-cli runs each scenario at the sizes measured and dumps its outputs; their FNV-1a hashes must equal
// those of the files the H100 wrote (bench/hardware/h100/outputs_fnv1a.txt, made by
// bench/hardware/async_copy_on_device.sh, cluster_on_device.sh and symbols_probe.cu; docs/async_copies.md,
// docs/clusters.md, docs/symbols_h100.md).
#include "tests/cli/cli_process.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <sstream>
#include <unistd.h>

namespace {

using testing_cli::kSourceTree;
using testing_cli::runCli;
namespace fs = std::filesystem;

std::string fnv1a(const fs::path& file)
{
    std::ifstream in(file, std::ios::binary);
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (std::istreambuf_iterator<char> it(in), end; it != end; ++it) {
        h ^= static_cast<unsigned char>(*it);
        h *= 0x100000001b3ULL;
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
    return text;
}

std::map<std::string, std::string> measured()
{
    std::ifstream in(kSourceTree / "bench/hardware/h100/outputs_fnv1a.txt");
    std::map<std::string, std::string> hashes;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream words(line);
        std::string file, hash;
        if (line.starts_with("#") || !(words >> file >> hash))
            continue;
        hashes[file] = hash;
    }
    return hashes;
}

/// Runs `scenario` with `--dump BUFFER=DIR/NAME.bin` for each (buffer, name), then compares each dump's hash with
/// the H100's file GROUP/NAME.bin.
void expectH100Outputs(const fs::path& scenario, const std::string& group,
    const std::vector<std::pair<std::string, std::string>>& dumps, const std::map<std::string, std::string>& env = {})
{
    // A folder of its own per test and process: ctest runs the tests of one group at once.
    const fs::path dir = fs::temp_directory_path()
        / ("warpscope-h100-outputs-" + scenario.stem().string() + "-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::vector<std::string> args {"run", scenario.string()};
    for (const auto& [buffer, name] : dumps) {
        args.push_back("--dump");
        args.push_back(buffer + "=" + (dir / (name + ".bin")).string());
    }
    auto allEnv = env;
    allEnv["XDG_CONFIG_HOME"] = "/nonexistent-warpscope-test";
    const auto run = runCli(args, allEnv);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto h100 = measured();
    for (const auto& [buffer, name] : dumps) {
        const auto it = h100.find(group + "/" + name + ".bin");
        ASSERT_NE(it, h100.end()) << group << "/" << name;
        EXPECT_EQ(fnv1a(dir / (name + ".bin")), it->second) << buffer << " differs from the H100's " << name;
    }
    fs::remove_all(dir);
}

} // namespace

TEST(H100Outputs, AsynchronousCopiesEqualTheH100s)
{
    expectH100Outputs(kSourceTree / "resources/scenarios/async_copy.json", "async",
        {{"tiles_out", "doubleBufferedScale"}, {"bounded_out", "boundedCopy"}, {"reversed", "barrierReverse"},
            {"bulk_reversed", "bulkReverse"}});
}

TEST(H100Outputs, ClusterKernelsEqualTheH100s)
{
    expectH100Outputs(kSourceTree / "resources/scenarios/cluster_exchange.json", "cluster",
        {{"exchanged", "clusterExchange"}, {"summed", "clusterSum"}});
}

TEST(H100Outputs, ConstantMemoryKernelsEqualTheH100s)
{
    // c_filter filled by memcpy_to_symbol, d_outputs (a __device__ counter) read back as a symbol.
    expectH100Outputs(kSourceTree / "resources/scenarios/convolution_const.json", "symbols",
        {{"d_out", "convolveRow"}, {"d_tap_out", "convolveTapPerThread"}, {"d_outputs", "d_outputs"}});
}

TEST(H100Outputs, SourceTreeKernelEqualsTheH100s)
{
    // A .cu that needs its scenario's include folder and define: nvcc compiles it, so without nvcc there is
    // nothing to run.
    if (!fs::exists("/usr/local/cuda/bin/nvcc"))
        GTEST_SKIP() << "nvcc is not installed";
    expectH100Outputs(kSourceTree / "tests/engine/data/include_tree/tree.json", "symbols", {{"d_out", "weightedSum"}},
        {{"PATH", "/usr/local/cuda/bin:/usr/bin:/bin"},
            {"XDG_CACHE_HOME", (fs::temp_directory_path() / "warpscope-h100-outputs-cache").string()}});
}

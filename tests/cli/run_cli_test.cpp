// warpscope-cli run on the bundled offset-copy scenario: counters per generation, dumps, bad input.
#include "tests/cli/cli_process.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstring>
#include <filesystem>
#include <fstream>

namespace {

using testing_cli::kNoUserProfiles;
using testing_cli::runCli;
namespace fs = std::filesystem;

std::string bundledScenario(const char* name)
{
    return (fs::path(WARPSCOPE_SOURCE_DIR) / "resources/scenarios" / name).string();
}

nlohmann::json runJson(std::vector<std::string> args)
{
    args.insert(args.begin(), "run");
    args.push_back("--json");
    const auto run = runCli(args, kNoUserProfiles);
    EXPECT_EQ(run.exitCode, 0) << run.err;
    return run.exitCode == 0 ? nlohmann::json::parse(run.out) : nlohmann::json::object();
}

TEST(RunCli, OffsetCopyCountsSectorsOnH100)
{
    // best-practices-guide-current.txt §9.2.1: aligned → four 32-byte sectors per warp; misaligned → five.
    for (const auto& [offset, sectorsPerRequest] : { std::pair { 0, 4 }, { 1, 5 }, { 8, 4 } }) {
        const auto json = runJson({bundledScenario("offset_copy.json"), "--device", "h100", "--set", "n=4096", "--set",
            "offset=" + std::to_string(offset)});
        ASSERT_EQ(json["launches"].size(), 1u);
        const auto& launch = json["launches"][0];
        EXPECT_EQ(launch["kernel"], "offsetCopy");
        EXPECT_EQ(launch["global_load_requests"], 128);
        EXPECT_EQ(launch["global_load_sectors"], 128 * sectorsPerRequest) << offset;
        EXPECT_EQ(launch["global_store_sectors"], 128 * sectorsPerRequest) << offset;
        EXPECT_GT(launch["warp_instructions"].get<int>(), 0);
        EXPECT_EQ(json["device"], "h100");
    }
}

TEST(RunCli, WideSharedLoadsTellBankConflictsFromTheirIdealWavefronts)
{
    // float4 loads (resources/kernels/shared_patterns.cu; the H100 measured 128 and 256 wavefronts,
    // bench/hardware/h100/replay_counters_ncu.csv): contiguous, 4 wavefronts per request and all of them needed;
    // a stride of two float4s, 8 where 4 would do without bank conflicts.
    const auto json = runJson({bundledScenario("shared_patterns/load_quads.json"), "--device", "h100"});
    ASSERT_EQ(json["launches"].size(), 13u);
    const auto& contiguous = json["launches"][1];
    EXPECT_EQ(contiguous["shared_load_requests"], 32);
    EXPECT_EQ(contiguous["shared_load_wavefronts"], 128);
    EXPECT_EQ(contiguous["shared_load_wavefronts_ideal"], 128);
    // The tile's fill: 64 contiguous float4 stores, 4 wavefronts each, none a conflict.
    EXPECT_EQ(contiguous["shared_store_wavefronts"], 256);
    EXPECT_EQ(contiguous["shared_store_wavefronts_ideal"], 256);
    const auto& strided = json["launches"][2];
    EXPECT_EQ(strided["shared_load_wavefronts"], 256);
    EXPECT_EQ(strided["shared_load_wavefronts_ideal"], 128);
}

TEST(RunCli, TimedLaunchReportsCacheHitRatesAndDramBytes)
{
    const auto json
        = runJson({bundledScenario("offset_copy.json"), "--device", "v100", "--set", "n=65536", "--set", "offset=1"});
    const auto& launch = json["launches"][0];
    for (const char* key : { "l1_hit_rate", "l2_hit_rate" }) {
        ASSERT_TRUE(launch[key].is_number()) << key;
        EXPECT_GE(launch[key].get<double>(), 0.0) << key;
        EXPECT_LE(launch[key].get<double>(), 1.0) << key;
    }
    // Misaligned by one word, each warp's fifth sector is the next warp's first: some sectors hit.
    EXPECT_GT(launch["l1_hit_rate"].get<double>() + launch["l2_hit_rate"].get<double>(), 0.0);
    // The scenario copies its 256 KB input in just before the launch; the copy left it in the L2
    // (MemoryHierarchy::deviceWrite), so the kernel reads almost nothing from DRAM.
    EXPECT_LT(launch["dram_bytes_read"].get<std::uint64_t>(), 65536u * 4u / 8u);
    EXPECT_GT(launch["l2_hit_rate"].get<double>(), 0.9);
}

TEST(RunCli, OffsetCopyOnG80IsSixteenTransactionsPerHalfWarpWhenMisaligned)
{
    // opencl-programming-guide-2.3.txt §3.1.2.1: misaligned half-warps are not coalesced on CC 1.0/1.1.
    const auto json
        = runJson({bundledScenario("offset_copy.json"), "--device", "g80", "--set", "n=4096", "--set", "offset=1"});
    EXPECT_EQ(json["launches"][0]["global_load_transactions"], 128 * 32);
    const auto aligned = runJson({bundledScenario("offset_copy.json"), "--device", "g80", "--set", "n=4096"});
    EXPECT_EQ(aligned["launches"][0]["global_load_transactions"], 128 * 2);
}

TEST(RunCli, DumpWritesTheBufferAfterTheRun)
{
    const auto dir = fs::temp_directory_path();
    const auto in = (dir / "warpscope-run-idata.bin").string();
    const auto out = (dir / "warpscope-run-odata.bin").string();
    const auto run = runCli({"run", bundledScenario("offset_copy.json"), "--set", "n=1024", "--set", "offset=3",
                                "--dump", "idata=" + in, "--dump", "odata=" + out},
        kNoUserProfiles);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    std::ifstream inFile(in, std::ios::binary), outFile(out, std::ios::binary);
    std::vector<char> a((std::istreambuf_iterator<char>(inFile)), {}), b((std::istreambuf_iterator<char>(outFile)), {});
    ASSERT_EQ(a.size(), 4u * (1024 + 32));
    ASSERT_EQ(b.size(), a.size());
    // odata[xid] = idata[xid] for xid in offset .. offset + n - 1; the rest stays zero.
    EXPECT_EQ(std::memcmp(a.data() + 12, b.data() + 12, 4 * 1024), 0);
    EXPECT_EQ(b[0], 0);
    fs::remove(in);
    fs::remove(out);
}

TEST(RunCli, BadInputIsOneLineWithExitCode2)
{
    auto run = runCli({"run", bundledScenario("offset_copy.json"), "--set", "ofset=1"}, kNoUserProfiles);
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("the scenario has no parameter 'ofset'"), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1);
    run = runCli({"run", "/nonexistent/scenario.json"}, kNoUserProfiles);
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("/nonexistent/scenario.json"), std::string::npos);
    run = runCli({"run", bundledScenario("offset_copy.json"), "--dump", "nothing=/tmp/x"}, kNoUserProfiles);
    EXPECT_EQ(run.exitCode, 2);
    run = runCli(
        {"run", bundledScenario("offset_copy.json"), "--set", "n=4096", "--device", "gtx480"}, kNoUserProfiles);
    EXPECT_EQ(run.exitCode, 2);
}

TEST(RunCli, OutOfBoundsKernelIsAMemcheckError)
{
    // offset 40 reads past the n + 32 elements of idata: a clean error naming the launch, not a crash.
    const auto run = runCli(
        {"run", bundledScenario("offset_copy.json"), "--set", "n=1024", "--set", "offset=40"}, kNoUserProfiles);
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_NE(run.err.find("launch of offsetCopy (/steps/1)"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find("idata"), std::string::npos) << run.err;
}

} // namespace

#include "tests/cli/cli_process.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using testing_cli::haveNvcc;
using testing_cli::runCli;
namespace fs = std::filesystem;

const fs::path kKernels = fs::path(WARPSCOPE_SOURCE_DIR) / "resources" / "kernels";

/// A private PTX cache so a test never reads or fills the user's.
std::map<std::string, std::string> cacheEnv()
{
    return {{"XDG_CACHE_HOME", (fs::temp_directory_path() / "warpscope-ptx-cli-test-cache").string()}};
}

TEST(PtxCli, JsonDescribesTheSeedKernel)
{
    const auto run = runCli({"ptx", (kKernels / "sm_80" / "offset_copy.ptx").string(), "--json"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto json = nlohmann::json::parse(run.out);
    ASSERT_EQ(json["kernels"].size(), 1u);
    const auto& k = json["kernels"][0];
    EXPECT_EQ(k["name"], "offsetCopy");
    EXPECT_EQ(k["signature"], "offsetCopy(float*, float*, int)");
    EXPECT_EQ(k["mangled"], "_Z10offsetCopyPfS_i");
    ASSERT_EQ(k["params"].size(), 3u);
    EXPECT_EQ(k["params"][2]["offset"], 16);
    EXPECT_EQ(k["shared_bytes"], 0);
    EXPECT_GT(k["registers"].get<int>(), 0);
    EXPECT_GT(k["instructions"].get<int>(), 5);
    EXPECT_EQ(json["target"], "sm_80");
    EXPECT_EQ(json["source_files"][0], "offset_copy.cu");
}

TEST(PtxCli, TextListsEveryKernelOfAModule)
{
    const auto run = runCli({"ptx", (kKernels / "sm_75" / "matrix_ab.ptx").string()});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("sharedABMultiply(float*, float*, float*, int)"), std::string::npos);
    EXPECT_NE(run.out.find("coalescedMultiply(float*, float*, float*, int)"), std::string::npos);
}

TEST(PtxCli, BadPtxIsOneLineNamingFileLineAndColumn)
{
    const fs::path bad = fs::temp_directory_path() / "warpscope-ptx-cli-bad.ptx";
    {
        std::ofstream(bad) << ".version 8.5\n.target sm_80\n.visible .entry k()\n{\n  mov.u32 %r1, 1;\n}\n";
    }
    const auto run = runCli({"ptx", bad.string()});
    fs::remove(bad);
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(run.err, "warpscope-cli ptx: " + bad.string() + ":5:11: undefined register %r1\n");
    EXPECT_TRUE(run.out.empty());
}

// An instruction the model does not supply refuses its kernel only: the others still load and run.
TEST(PtxCli, UnsupportedInstructionRefusesItsKernelOnly)
{
    const fs::path ptx = fs::temp_directory_path() / "warpscope-ptx-cli-refused.ptx";
    {
        std::ofstream(ptx) << ".version 8.5\n.target sm_80\n.visible .entry good()\n{\n  ret;\n}\n"
                              ".visible .entry bad()\n{\n  frob.b32 %r1;\n}\n";
    }
    const auto table = runCli({"ptx", ptx.string()});
    const auto json = runCli({"ptx", "--json", ptx.string()});
    fs::remove(ptx);
    EXPECT_EQ(table.exitCode, 0) << table.err;
    EXPECT_NE(table.out.find("bad is refused: " + ptx.string() + ":9:3: unsupported: frob"), std::string::npos)
        << table.out;
    EXPECT_EQ(table.out.find("good is refused"), std::string::npos);
    const auto kernels = nlohmann::json::parse(json.out).at("kernels");
    ASSERT_EQ(kernels.size(), 2u);
    EXPECT_TRUE(kernels[0].at("refused").is_null());
    EXPECT_EQ(kernels[1].at("refused").at("line"), 9);
    EXPECT_EQ(kernels[1].at("refused").at("reason"), "unsupported: frob");
}

TEST(PtxCli, UsageErrors)
{
    auto run = runCli({"ptx"});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(run.err, "warpscope-cli ptx: expected one FILE (.ptx or .cu)\n");
    run = runCli({"ptx", "x.ptx", "--arch", "banana"});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(run.err, "warpscope-cli ptx: bad architecture 'banana' (expected e.g. sm_80)\n");
    run = runCli({"ptx", "/nonexistent/k.ptx"});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(run.err, "warpscope-cli ptx: /nonexistent/k.ptx: no such file\n");
}

TEST(PtxCli, CuFileGoesThroughNvcc)
{
    if (!haveNvcc())
        GTEST_SKIP() << "nvcc not installed";
    auto env = cacheEnv();
    env["PATH"] = "/usr/local/cuda/bin:/usr/bin:/bin";
    const auto run = runCli({"ptx", (kKernels / "muld.cu").string(), "--arch", "sm_90", "--json"}, env);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const auto json = nlohmann::json::parse(run.out);
    EXPECT_EQ(json["target"], "sm_90");
    EXPECT_EQ(json["file"], (kKernels / "muld.cu").string());
    EXPECT_NE(json["ptx_file"].get<std::string>().find("warpscope-ptx-cli-test-cache"), std::string::npos);
    EXPECT_EQ(json["kernels"][0]["name"], "Muld");
    EXPECT_EQ(json["kernels"][0]["shared_bytes"], 2048);
}

TEST(PtxCli, CuFileWithoutNvccFailsClearly)
{
    auto env = cacheEnv();
    env["WARPSCOPE_NVCC"] = "/nonexistent-cuda/bin/nvcc";
    const auto run = runCli({"ptx", (kKernels / "muld.cu").string()}, env);
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(run.err,
        "warpscope-cli ptx: " + (kKernels / "muld.cu").string()
            + ": nvcc (the CUDA compiler) not found at /nonexistent-cuda/bin/nvcc (named by WARPSCOPE_NVCC); fix or "
              "unset it, or open a .ptx file instead\n");
}

} // namespace

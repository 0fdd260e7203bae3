// ptxas's -v report read back, the architecture chosen for it, and its cache.
#include "engine/ptx/ptxas_resources.h"
#include "tests/engine/test_paths.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace {

using namespace engine::ptx;
namespace fs = std::filesystem;

// What `ptxas -arch=sm_90 -v` (CUDA 13.0) printed for a module with a .func and a kernel that spills.
constexpr const char* kReport = "ptxas info    : 24 bytes gmem\n"
                                "ptxas info    : Function properties for _Z6helperi\n"
                                "    16 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
                                "ptxas info    : Compiling entry function '_Z1kPfPKf' for 'sm_90'\n"
                                "ptxas info    : Function properties for _Z1kPfPKf\n"
                                "    40 bytes stack frame, 8 bytes spill stores, 12 bytes spill loads\n"
                                "ptxas info    : Used 17 registers, used 1 barriers, 256 bytes smem\n"
                                "ptxas info    : Compile time = 39.781 ms\n"
                                "ptxas info    : Compiling entry function '_Z4copyPi' for 'sm_90'\n"
                                "ptxas info    : Function properties for _Z4copyPi\n"
                                "    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
                                "ptxas info    : Used 8 registers, used 0 barriers\n";

TEST(PtxasResources, ReadsEveryEntryOfTheVerboseReport)
{
    const auto kernels = parsePtxasReport(kReport);
    ASSERT_EQ(kernels.size(), 2u);
    EXPECT_EQ(kernels[0].mangled, "_Z1kPfPKf");
    EXPECT_EQ(kernels[0].registers, 17);
    EXPECT_EQ(kernels[0].barriers, 1);
    EXPECT_EQ(kernels[0].sharedBytes, 256u);
    EXPECT_EQ(kernels[0].stackFrameBytes, 40u);
    EXPECT_EQ(kernels[0].spillStoreBytes, 8u);
    EXPECT_EQ(kernels[0].spillLoadBytes, 12u);
    EXPECT_EQ(kernels[1].mangled, "_Z4copyPi");
    EXPECT_EQ(kernels[1].registers, 8);
    EXPECT_EQ(kernels[1].sharedBytes, 0u);
    EXPECT_EQ(kernels[1].stackFrameBytes, 0u);
}

TEST(PtxasResources, ArchitecturesFromHelpAndTheNearestOne)
{
    const auto archs = parsePtxasArchitectures("Allowed values for this option:  'compute_100','compute_75','lto_80',"
                                               "'sm_100','sm_100a','sm_75','sm_80',\n'sm_86','sm_90','sm_90a'.");
    EXPECT_EQ(archs, (std::vector<int> {75, 80, 86, 90, 100}));
    // ptxas --help: PTX for .target sm_XY compiles for sm_MN with MN >= XY.
    EXPECT_EQ(choosePtxasArch(90, 75, archs), 90); // the device's own
    EXPECT_EQ(choosePtxasArch(70, 75, archs), 75); // V100: sm_70 dropped, nearest above
    EXPECT_EQ(choosePtxasArch(13, 75, archs), 75); // CC 1.3
    EXPECT_EQ(choosePtxasArch(80, 90, archs), 90); // the PTX's .target rules out sm_80
    EXPECT_EQ(choosePtxasArch(120, 75, archs), 100); // newer than ptxas knows: its newest
    EXPECT_EQ(choosePtxasArch(80, 120, archs), 0); // nothing can compile this PTX
}

bool hasPtxas()
{
    return findPtxas(NvccSearch::fromEnvironment()).ok();
}

TEST(PtxasResources, RunsPtxasAndCachesItsReport)
{
    if (!hasPtxas())
        GTEST_SKIP() << "ptxas not installed";
    const auto ptx = testing_paths::sourceDir() / "resources/kernels/sm_90/offset_copy.ptx";
    std::ifstream in(ptx);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    PtxasOptions options;
    options.cacheDir = fs::temp_directory_path() / ("warpscope-ptxas-test-" + std::to_string(::getpid()));
    fs::remove_all(options.cacheDir);
    const auto first = runPtxas(ptx, text, 90, options);
    ASSERT_TRUE(first.ok()) << first.error().toString();
    EXPECT_FALSE(first->fromCache);
    EXPECT_EQ(first->arch, 90);
    ASSERT_EQ(first->kernels.size(), 1u);
    EXPECT_EQ(first->kernels[0].mangled, "_Z10offsetCopyPfS_i");
    EXPECT_EQ(first->kernels[0].registers, 10); // resources/kernels/sm_90/registers.json
    const auto second = runPtxas(ptx, text, 90, options);
    ASSERT_TRUE(second.ok());
    EXPECT_TRUE(second->fromCache);
    EXPECT_EQ(second->kernels[0].registers, 10);
    // No temporary is left behind by the write-then-rename.
    for (const auto& entry : fs::directory_iterator(options.cacheDir))
        EXPECT_EQ(entry.path().extension(), ".json") << entry.path();
    // A PTX for sm_90 cannot be compiled for an older device: sm_90 is chosen and said so.
    const auto older = runPtxas(ptx, text, 75, options);
    ASSERT_TRUE(older.ok());
    EXPECT_EQ(older->arch, 90);
    fs::remove_all(options.cacheDir);
}

/// A stand-in ptxas that answers --version with `version`, --help with two architectures, and logs each call.
void writeFakePtxas(const fs::path& file, const fs::path& log, const std::string& version)
{
    std::ofstream(file) << "#!/bin/sh\necho \"$1\" >> '" << log.string() << "'\n"
                        << "if [ \"$1\" = --version ]; then echo '" << version << "'; "
                        << "else echo \"Allowed values for this option: 'sm_80','sm_90'\"; fi\n";
    fs::permissions(file, fs::perms::owner_all);
}

std::size_t lines(const fs::path& file)
{
    std::ifstream in(file);
    std::size_t n = 0;
    for (std::string line; std::getline(in, line);)
        ++n;
    return n;
}

TEST(PtxasResources, AnExecutableAskedOnceIsKnownFromTheCacheUntilItChanges)
{
    const fs::path dir = fs::temp_directory_path() / ("warpscope-ptxas-identity-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path ptxas = dir / "ptxas";
    const fs::path log = dir / "calls.log";
    const fs::path cache = dir / "cache";
    writeFakePtxas(ptxas, log, "ptxas 1.0");
    const auto first = identifyPtxas(ptxas, cache);
    ASSERT_TRUE(first.ok()) << first.error().toString();
    EXPECT_FALSE(first->fromCache);
    EXPECT_EQ(first->version, "ptxas 1.0\n");
    EXPECT_EQ(first->archs, (std::vector<int> {80, 90}));
    EXPECT_EQ(lines(log), 2u); // --version and --help
    // Another process finds it stored: ptxas is not run again.
    const auto second = identifyPtxas(ptxas, cache);
    ASSERT_TRUE(second.ok());
    EXPECT_TRUE(second->fromCache);
    EXPECT_EQ(second->version, first->version);
    EXPECT_EQ(second->archs, first->archs);
    EXPECT_EQ(lines(log), 2u);
    // A new ptxas at the same path (another size) is asked again.
    writeFakePtxas(ptxas, log, "ptxas 2.0.1");
    const auto updated = identifyPtxas(ptxas, cache);
    ASSERT_TRUE(updated.ok());
    EXPECT_FALSE(updated->fromCache);
    EXPECT_EQ(updated->version, "ptxas 2.0.1\n");
    EXPECT_EQ(lines(log), 4u);
    // A damaged entry is asked again, not trusted.
    for (const auto& entry : fs::directory_iterator(cache))
        std::ofstream(entry.path()) << "{\"executable\": 3";
    const auto repaired = identifyPtxas(ptxas, cache);
    ASSERT_TRUE(repaired.ok());
    EXPECT_FALSE(repaired->fromCache);
    EXPECT_EQ(lines(log), 6u);
    EXPECT_TRUE(identifyPtxas(ptxas, cache)->fromCache);
    fs::remove_all(dir);
}

TEST(PtxasResources, MissingPtxasIsNotFound)
{
    NvccSearch nowhere;
    nowhere.fallbackDirs.clear();
    const auto ptxas = findPtxas(nowhere);
    ASSERT_FALSE(ptxas.ok());
    EXPECT_EQ(ptxas.error().code, engine::ErrorCode::NotFound);
}

} // namespace

#include "../test_paths.h"
#include "engine/ptx/module_loader.h"
#include "engine/ptx/nvcc_settings.h"

#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace engine::ptx;

namespace {

NvccSearch nowhere()
{
    NvccSearch s;
    s.pathEnv = "/nonexistent/bin";
    s.fallbackDirs.clear();
    return s;
}

/// A fresh directory under the system temp dir, removed at the end of the test.
class TempDir {
public:
    TempDir()
        : m_path(fs::temp_directory_path()
            / ("warpscope-nvcc-test-" + std::to_string(::getpid()) + "-" + std::to_string(s_next++)))
    {
        fs::remove_all(m_path);
        fs::create_directories(m_path);
    }
    ~TempDir() { fs::remove_all(m_path); }
    const fs::path& path() const { return m_path; }

private:
    static inline int s_next = 0;
    fs::path m_path;
};

fs::path write(const fs::path& p, const std::string& text)
{
    std::ofstream(p) << text;
    return p;
}

} // namespace

TEST(PtxNvcc, MissingNvccIsAClearError)
{
    auto found = findNvcc(nowhere());
    ASSERT_FALSE(found.ok());
    EXPECT_EQ(found.error().code, engine::ErrorCode::NotFound);
    EXPECT_NE(found.error().message.find("nvcc (the CUDA compiler) not found"), std::string::npos);
    EXPECT_NE(found.error().message.find(".ptx"), std::string::npos);
}

TEST(PtxNvcc, LoadingACuFileWithoutNvccNamesTheFileAndTheTool)
{
    LoadOptions options;
    options.nvcc.search = nowhere();
    fs::path cu = testing_paths::sourceDir() / "resources/kernels/offset_copy.cu";
    auto m = loadModuleFile(cu, options);
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().location.file, cu.string());
    EXPECT_NE(m.error().toString().find("nvcc"), std::string::npos);
}

TEST(PtxNvcc, FindsNvccThroughCudaPath)
{
    if (!fs::exists("/usr/local/cuda/bin/nvcc"))
        GTEST_SKIP() << "no CUDA toolkit at /usr/local/cuda";
    NvccSearch s = nowhere();
    s.cudaPathEnv = "/usr/local/cuda";
    auto found = findNvcc(s);
    ASSERT_TRUE(found.ok());
    EXPECT_EQ(*found, fs::path("/usr/local/cuda/bin/nvcc"));
}

TEST(PtxNvcc, ChoosesTheDeviceArchitectureOrTheOldestSupported)
{
    EXPECT_EQ(chooseArch(80, {75, 80, 86, 90}), 80);
    EXPECT_EQ(chooseArch(13, {75, 80, 86, 90}), 75); // a GT200 model still gets PTX from nvcc 13
    EXPECT_EQ(chooseArch(70, {}), 70);
    // Newer than any, or a gap in the list: an error, not a silent compute_75.
    EXPECT_FALSE(chooseArch(999, {75, 80, 86, 90}).has_value());
    EXPECT_FALSE(chooseArch(76, {75, 80, 86, 90}).has_value());
}

TEST(PtxNvcc, ParsesArchitectureNames)
{
    EXPECT_EQ(parseArch("sm_80").value(), 80);
    EXPECT_EQ(parseArch("compute_75").value(), 75);
    EXPECT_EQ(parseArch("90").value(), 90);
    EXPECT_FALSE(parseArch("sm_x").ok());
    EXPECT_FALSE(parseArch("").ok());
}

TEST(PtxNvcc, CompilesCachesAndReportsDiagnostics)
{
    if (!findNvcc(NvccSearch::fromEnvironment()).ok())
        GTEST_SKIP() << "nvcc not installed";
    TempDir tmp;
    LoadOptions options;
    options.arch = 80;
    options.nvcc.cacheDir = tmp.path() / "cache";
    // A name a shell would misread: the compiler must get it as one argument.
    fs::path cu
        = write(tmp.path() / "my kernel; echo pwned.cu", "__global__ void addOne(int *a) { a[threadIdx.x] += 1; }\n");
    auto first = compileCudaToPtx(cu, 80, options.nvcc);
    ASSERT_TRUE(first.ok()) << first.error().toString();
    EXPECT_FALSE(first->fromCache);
    EXPECT_NE(first->ptx.find(".target sm_80"), std::string::npos);
    auto second = compileCudaToPtx(cu, 80, options.nvcc);
    ASSERT_TRUE(second.ok());
    EXPECT_TRUE(second->fromCache);
    EXPECT_EQ(second->ptxPath, first->ptxPath);

    auto module = loadModuleFile(cu, options);
    ASSERT_TRUE(module.ok()) << module.error().toString();
    EXPECT_EQ(module->functions.at(0).demangled, "addOne(int*)");

    fs::path bad = write(tmp.path() / "bad.cu", "__global__ void broken(int *a) { a[0] = undeclared; }\n");
    auto failed = loadModuleFile(bad, options);
    ASSERT_FALSE(failed.ok());
    // nvcc's first diagnostic, as one line located at its file and line.
    EXPECT_EQ(failed.error().location.file, fs::absolute(bad).string());
    EXPECT_EQ(failed.error().location.line, 1u);
    EXPECT_EQ(failed.error().message, "nvcc: identifier \"undeclared\" is undefined");
}

TEST(PtxNvcc, TheSameSourceAtAnotherPathNamesItsOwnFile)
{
    if (!findNvcc(NvccSearch::fromEnvironment()).ok())
        GTEST_SKIP() << "nvcc not installed";
    TempDir tmp;
    NvccOptions options;
    options.cacheDir = tmp.path() / "cache";
    const std::string text = "__global__ void addOne(int *a) { a[threadIdx.x] += 1; }\n";
    fs::create_directories(tmp.path() / "a");
    fs::create_directories(tmp.path() / "b");
    const auto first = compileCudaToPtx(write(tmp.path() / "a" / "k.cu", text), 80, options);
    fs::remove_all(tmp.path() / "a"); // the first copy is gone: nothing may name it any more
    const auto second = compileCudaToPtx(write(tmp.path() / "b" / "k.cu", text), 80, options);
    ASSERT_TRUE(first.ok() && second.ok());
    EXPECT_FALSE(second->fromCache);
    EXPECT_NE(second->ptx.find((tmp.path() / "b" / "k.cu").string()), std::string::npos);
    EXPECT_EQ(second->ptx.find((tmp.path() / "a" / "k.cu").string()), std::string::npos);
}

TEST(PtxNvcc, ExplicitNvccThatIsMissingIsNamed)
{
    NvccSearch s;
    s.explicitNvcc = "/nonexistent/nvcc";
    auto found = findNvcc(s);
    ASSERT_FALSE(found.ok());
    EXPECT_NE(found.error().message.find("/nonexistent/nvcc (named by WARPSCOPE_NVCC)"), std::string::npos);
}

TEST(PtxNvcc, CheckedInCorpusMatchesWhatNvccMakesNow)
{
    // scripts/build_kernel_corpus.sh uses the loader's flags; only the .file path differs (the script
    // strips the checkout's prefix). A mismatch means the corpus needs rebuilding with that script.
    if (!findNvcc(NvccSearch::fromEnvironment()).ok())
        GTEST_SKIP() << "nvcc not installed";
    TempDir tmp;
    NvccOptions options;
    options.cacheDir = tmp.path();
    const fs::path kernels = testing_paths::sourceDir() / "resources" / "kernels";
    auto compiled = compileCudaToPtx(kernels / "offset_copy.cu", 80, options);
    ASSERT_TRUE(compiled.ok()) << compiled.error().toString();
    std::string fresh = compiled->ptx;
    const std::string prefix = "\"" + fs::absolute(kernels).lexically_normal().string() + "/";
    for (std::size_t at; (at = fresh.find(prefix)) != std::string::npos;)
        fresh.replace(at, prefix.size(), "\"");
    auto checkedIn = readTextFile(kernels / "sm_80" / "offset_copy.ptx");
    ASSERT_TRUE(checkedIn.ok());
    EXPECT_EQ(fresh, *checkedIn);
}

TEST(PtxNvcc, SourceTreesCompileAndHeaderEditsRefreshTheCache)
{
    if (!findNvcc(NvccSearch::fromEnvironment()).ok())
        GTEST_SKIP() << "nvcc not installed";
    TempDir tmp;
    fs::create_directories(tmp.path() / "include");
    fs::create_directories(tmp.path() / "src");
    write(tmp.path() / "include" / "val.h", "#define VAL 3\n");
    fs::path cu = write(tmp.path() / "src" / "k.cu", "#include <val.h>\n__global__ void k(int *a) { a[0] = VAL * EXTRA; }\n");
    NvccOptions options;
    options.cacheDir = tmp.path() / "cache";
    auto missing = compileCudaToPtx(cu, 80, options);
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().message.find("val.h"), std::string::npos) << missing.error().message;

    NvccSettings settings;
    settings.includeDirs = { tmp.path() / "include" };
    settings.defines = { { "EXTRA", "7" } };
    options.extraFlags = settings.toArguments();
    auto first = compileCudaToPtx(cu, 80, options);
    ASSERT_TRUE(first.ok()) << first.error().toString();
    EXPECT_NE(first->ptx.find(", 21;"), std::string::npos); // VAL * EXTRA folded by nvcc
    auto second = compileCudaToPtx(cu, 80, options);
    ASSERT_TRUE(second.ok());
    EXPECT_TRUE(second->fromCache);
    // The .cu is unchanged but the header it includes is not: the cached PTX is stale.
    write(tmp.path() / "include" / "val.h", "#define VAL 5\n");
    auto third = compileCudaToPtx(cu, 80, options);
    ASSERT_TRUE(third.ok());
    EXPECT_FALSE(third->fromCache);
    EXPECT_NE(third->ptx.find(", 35;"), std::string::npos);
}

// nvcc's arguments for a source tree, and the header stamps that keep a cached PTX honest.
#include "engine/ptx/nvcc_dependencies.h"
#include "engine/ptx/nvcc_settings.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

namespace {

using namespace engine::ptx;
namespace fs = std::filesystem;

TEST(NvccSettings, ArgumentsInOrderWithAbsoluteIncludeFolders)
{
    NvccSettings scenario;
    scenario.includeDirs = {"/proj/include", "/proj/src/../common"};
    scenario.defines = {{"TILE", "16"}, {"USE_FAST", ""}};
    NvccSettings commandLine;
    commandLine.defines = {{"TILE", "32"}};
    commandLine.flags = {"-std=c++17"};
    scenario.append(commandLine);
    EXPECT_EQ(scenario.toArguments(),
        (std::vector<std::string> {
            "-I/proj/include", "-I/proj/common", "-DTILE=16", "-DUSE_FAST", "-DTILE=32", "-std=c++17"}));
    EXPECT_FALSE(scenario.empty());
    EXPECT_TRUE(NvccSettings {}.empty());
}

TEST(NvccSettings, DefinesNeedAMacroName)
{
    EXPECT_EQ(parseDefine("N=4"), (std::pair<std::string, std::string> {"N", "4"}));
    EXPECT_EQ(parseDefine("DEBUG"), (std::pair<std::string, std::string> {"DEBUG", ""}));
    EXPECT_EQ(parseDefine("EXPR=a=b"), (std::pair<std::string, std::string> {"EXPR", "a=b"}));
    EXPECT_TRUE(parseDefine("=4").first.empty());
    EXPECT_TRUE(parseDefine("4N=1").first.empty());
    EXPECT_TRUE(parseDefine("A-B=1").first.empty());
}

TEST(NvccDependencies, ParsesMakeRules)
{
    const auto files = parseDependencyFile(
        "k.ptx : src/k.cu \\\n    /usr/include/stdio.h \\\n    ../inc/my\\ header.h\n", "/proj/build");
    EXPECT_EQ(files, (std::vector<fs::path> {"/proj/build/src/k.cu", "/usr/include/stdio.h", "/proj/inc/my header.h"}));
}

TEST(NvccDependencies, StampHoldsUntilAProjectHeaderChanges)
{
    const auto dir = fs::temp_directory_path() / ("warpscope-deps-test-" + std::to_string(::getpid()));
    fs::create_directories(dir / "sys");
    const auto write = [](const fs::path& p, const char* text) { std::ofstream(p) << text; };
    write(dir / "k.cu", "#include \"a.h\"\n");
    write(dir / "a.h", "#define A 1\n");
    write(dir / "sys" / "s.h", "#define S 1\n");
    const auto stamp = dependencyStamp({dir / "k.cu", dir / "a.h", dir / "sys" / "s.h"}, {dir / "sys"}, dir / "k.cu");
    EXPECT_EQ(stamp.find("k.cu"), std::string::npos); // the source is in the cache key already
    EXPECT_EQ(stamp.find("s.h"), std::string::npos); // system headers are not stamped
    EXPECT_NE(stamp.find("a.h"), std::string::npos);
    EXPECT_TRUE(dependencyStampHolds(stamp));
    write(dir / "a.h", "#define A 2\n");
    EXPECT_FALSE(dependencyStampHolds(stamp));
    fs::remove(dir / "a.h");
    EXPECT_FALSE(dependencyStampHolds(stamp));
    fs::remove_all(dir);
}

} // namespace

#include "tests/cli/corpus_check.h"

#include "tests/cli/cli_process.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>

namespace testing_corpus {

namespace fs = std::filesystem;

DumpedBuffers runCorpusScenario(const CorpusCase& c)
{
    const fs::path scenario = fs::path(WARPSCOPE_SOURCE_DIR) / "resources/scenarios/corpus" / c.scenario;
    const fs::path folder = fs::temp_directory_path() / ("warpscope-corpus-" + caseName(c));
    fs::create_directories(folder);
    std::vector<std::string> args {"run", scenario.string(), "--functional"};
    for (const auto& name : c.dumps) {
        args.push_back("--dump");
        args.push_back(name + "=" + (folder / (name + ".bin")).string());
    }
    const auto run = testing_cli::runCli(args);
    EXPECT_EQ(run.exitCode, 0) << c.scenario << ": " << run.err;
    DumpedBuffers buffers;
    for (const auto& name : c.dumps) {
        std::ifstream in(folder / (name + ".bin"), std::ios::binary);
        buffers.put(name, std::vector<std::uint8_t>(std::istreambuf_iterator<char>(in), {}));
    }
    fs::remove_all(folder);
    return buffers;
}

void expectClose(
    const std::string& what, const std::vector<float>& got, const std::vector<float>& want, double relative)
{
    ASSERT_EQ(got.size(), want.size()) << what;
    double largest = 0;
    for (const float w : want)
        largest = std::max(largest, std::fabs(static_cast<double>(w)));
    const double slack = 1e-6 * largest;
    std::size_t bad = 0;
    std::size_t first = 0;
    for (std::size_t i = 0; i < got.size(); ++i) {
        const double g = got[i];
        const double w = want[i];
        if (!(std::fabs(g - w) <= relative * std::fabs(w) + slack)) {
            if (bad++ == 0)
                first = i;
        }
    }
    EXPECT_EQ(bad, 0u) << what << ": " << bad << " of " << got.size() << " differ by more than " << relative * 100
                       << " %; first at [" << first << "]: got " << got[first] << ", want " << want[first];
}

void expectEqual(const std::string& what, const std::vector<std::int32_t>& got, const std::vector<std::int32_t>& want)
{
    ASSERT_EQ(got.size(), want.size()) << what;
    const auto mismatch = std::mismatch(got.begin(), got.end(), want.begin());
    EXPECT_TRUE(mismatch.first == got.end()) << what << ": first difference at [" << (mismatch.first - got.begin())
                                             << "]: got " << *mismatch.first << ", want " << *mismatch.second;
}

std::string caseName(const CorpusCase& c)
{
    std::string name;
    for (const char ch : fs::path(c.scenario).parent_path().string() + "_" + fs::path(c.scenario).stem().string()) {
        if (std::isalnum(static_cast<unsigned char>(ch)) != 0)
            name += ch;
        else if (ch == '_')
            name += '_';
    }
    return name;
}

} // namespace testing_corpus

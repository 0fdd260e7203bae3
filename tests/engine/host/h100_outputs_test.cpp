// The six matrix kernels of the Best Practices Guide compute on the model exactly what they computed on a
// real H100 (bench/hardware/h100/matrix_outputs_m256.csv: FNV-1a hashes of the H100's results, from
// kernel_probe.cu's `outputs` mode: M = 256, a[i] = (i % 17) * 0.25, b[i] = (i % 13) * 0.5).
#include "engine/host/kernel_executor.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/test_paths.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

namespace {

namespace fs = std::filesystem;

std::uint64_t fnv1a(const std::vector<std::uint8_t>& bytes)
{
    std::uint64_t hash = 0xcbf29ce484222325ull;
    for (const auto byte : bytes) {
        hash ^= byte;
        hash *= 0x100000001b3ull;
    }
    return hash;
}

std::map<std::string, std::uint64_t> measuredHashes()
{
    std::ifstream in(testing_paths::sourceDir() / "bench/hardware/h100/matrix_outputs_m256.csv");
    std::map<std::string, std::uint64_t> hashes;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#')
            continue;
        std::istringstream fields(line);
        std::string name, hash;
        std::getline(fields, name, ',');
        std::getline(fields, hash, ',');
        hashes[name] = std::stoull(hash, nullptr, 16);
    }
    return hashes;
}

fs::path writeInput(const char* name, int modulus, float scale)
{
    std::vector<float> values(256 * 32);
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = static_cast<float>(i % static_cast<std::size_t>(modulus)) * scale;
    const auto path = fs::temp_directory_path() / name;
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(values.data()),
        static_cast<std::streamsize>(values.size() * sizeof(float)));
    return path;
}

fs::path writeScenario(const std::string& file, const std::string& kernel, bool ab)
{
    const auto a = writeInput("warpscope-h100-a.bin", 17, 0.25f);
    const auto b = writeInput("warpscope-h100-b.bin", 13, 0.5f);
    const auto module = testing_paths::sourceDir() / "resources/kernels" / file;
    std::ostringstream text;
    text << R"({"warpscope": 1, "module": ")" << module.string() << R"(", "buffers": {)"
         << R"("a": {"type": "f32", "count": 8192, "init": {"file": ")" << a.string() << R"("}},)"
         << R"("b": {"type": "f32", "count": 8192, "init": {"file": ")" << b.string() << R"("}},)"
         << R"("c": {"type": "f32", "count": 65536}}, "steps": [{"launch": {"kernel": ")" << kernel
         << R"(", "grid": [8, 8], "block": [32, 32], "args": )"
         << (ab ? R"(["a", "b", "c", 256])" : R"(["a", "c", 256])") << "}}]}";
    const auto path = fs::temp_directory_path() / "warpscope-h100-outputs.json";
    std::ofstream(path) << text.str();
    return path;
}

TEST(H100Outputs, MatrixKernelsMatchTheHardwareBitForBit)
{
    const auto hashes = measuredHashes();
    ASSERT_EQ(hashes.size(), 6u);
    const std::tuple<const char*, const char*, const char*, bool> kernels[] = {
        { "ab.simpleMultiply", "matrix_ab.cu", "simpleMultiply", true },
        { "ab.coalescedMultiply", "matrix_ab.cu", "coalescedMultiply", true },
        { "ab.sharedABMultiply", "matrix_ab.cu", "sharedABMultiply", true },
        { "aat.simpleMultiply", "matrix_aat.cu", "simpleMultiply", false },
        { "aat.coalescedMultiply", "matrix_aat.cu", "coalescedMultiply", false },
        { "aatPadded.coalescedMultiply", "matrix_aat_padded.cu", "coalescedMultiply", false },
    };
    for (const auto& [label, file, kernel, ab] : kernels) {
        const auto prepared = engine::prepareScenario(writeScenario(file, kernel, ab), "h100", {}, testing_fixtures::builtinCatalog());
        ASSERT_TRUE(prepared.ok()) << prepared.error().toString();
        engine::FunctionalExecutor executor;
        const auto report = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor);
        ASSERT_TRUE(report.ok()) << report.error().toString();
        const auto& c = report->buffers.back();
        ASSERT_EQ(c.name, "c");
        EXPECT_EQ(fnv1a(c.bytes), hashes.at(label)) << label;
    }
}

} // namespace

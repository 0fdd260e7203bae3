// PTX front end throughput: parse + decode (lexing, declarations, pre-decoded instructions, labels,
// reconvergence points, demangling) of the largest file of the kernel corpus, in MB/s.
#include "engine/ptx/lexer.h"
#include "engine/ptx/module_loader.h"
#include "engine/ptx/parser.h"

#include <benchmark/benchmark.h>
#include <filesystem>

namespace {

namespace fs = std::filesystem;

/// The largest .ptx under resources/kernels (today sm_*/matrix_ab.ptx).
fs::path largestCorpusFile()
{
    fs::path best;
    std::uintmax_t bestSize = 0;
    for (const auto& e : fs::recursive_directory_iterator(fs::path(WARPSCOPE_SOURCE_DIR) / "resources" / "kernels")) {
        if (e.path().extension() == ".ptx" && e.file_size() > bestSize) {
            best = e.path();
            bestSize = e.file_size();
        }
    }
    return best;
}

const std::string& corpusText()
{
    static const std::string text = engine::ptx::readTextFile(largestCorpusFile()).value();
    return text;
}

void parseAndDecode(benchmark::State& state)
{
    const std::string& text = corpusText();
    for (auto _ : state) {
        auto module = engine::ptx::parsePtx(text, "bench.ptx");
        benchmark::DoNotOptimize(module);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(text.size()));
    state.SetLabel(largestCorpusFile().filename().string() + ", " + std::to_string(text.size()) + " bytes");
}

void lexOnly(benchmark::State& state)
{
    const std::string& text = corpusText();
    for (auto _ : state) {
        auto tokens = engine::ptx::Lexer(text, "bench.ptx").tokenize();
        benchmark::DoNotOptimize(tokens);
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(text.size()));
}

/// The whole corpus (every .ptx of every architecture) from disk, as a user opening each file would.
void loadWholeCorpus(benchmark::State& state)
{
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(fs::path(WARPSCOPE_SOURCE_DIR) / "resources" / "kernels")) {
        if (e.path().extension() == ".ptx")
            files.push_back(e.path());
    }
    for (auto _ : state) {
        for (const auto& f : files) {
            auto module = engine::ptx::loadModuleFile(f);
            benchmark::DoNotOptimize(module);
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(files.size()));
}

} // namespace

BENCHMARK(parseAndDecode)->Unit(benchmark::kMicrosecond);
BENCHMARK(lexOnly)->Unit(benchmark::kMicrosecond);
BENCHMARK(loadWholeCorpus)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();

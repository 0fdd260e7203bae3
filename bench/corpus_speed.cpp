// Timed single-thread speed on the kernel corpus (issue 24, item 3): every scenario under
// resources/scenarios/corpus runs through the timing model on one host thread; the table gives, per scenario,
// its warp instructions, the seconds its launches took inside the executor (the fastest of --repeat runs) and
// the warp instructions per second that makes, then the median and the slowest. Scenario preparation (PTX load,
// nvcc) and buffer filling are outside the launch time; the "run" column has the whole runScenario.
//
//   corpus_speed [--device ID] [--repeat N] [--threads N] [--filter TEXT] [CORPUS_DIR]
#include "engine/common/host_heap.h"
#include "engine/device/device_catalog.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "recording_executor.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Row {
    std::string name;
    std::uint64_t warpInstructions = 0;
    double launchSeconds = 1e30;
    double runSeconds = 1e30;
    double rate() const { return static_cast<double>(warpInstructions) / launchSeconds; }
};

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const auto n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

} // namespace

int main(int argc, char** argv)
{
    engine::configureHostHeap(); // as the CLI and the GUI
    std::string device = "h100";
    std::string filter;
    int repeat = 3;
    unsigned threads = 1;
    std::filesystem::path dir = std::filesystem::path(WARPSCOPE_SOURCE_DIR) / "resources/scenarios/corpus";
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool hasValue = i + 1 < argc;
        if (a == "--device" && hasValue)
            device = argv[++i];
        else if (a == "--repeat" && hasValue)
            repeat = std::max(1, std::atoi(argv[++i]));
        else if (a == "--threads" && hasValue)
            threads = static_cast<unsigned>(std::max(1, std::atoi(argv[++i])));
        else if (a == "--filter" && hasValue)
            filter = argv[++i];
        else if (a.starts_with("-")) {
            std::fprintf(
                stderr, "usage: corpus_speed [--device ID] [--repeat N] [--threads N] [--filter TEXT] [DIR]\n");
            return 2;
        } else
            dir = a;
    }
    const auto catalog = engine::DeviceCatalog::load({});
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
        if (e.is_regular_file() && e.path().extension() == ".json" && e.path().parent_path().filename() != "data"
            && e.path().string().find(filter) != std::string::npos)
            files.push_back(e.path());
    std::sort(files.begin(), files.end());

    std::vector<Row> rows;
    for (const auto& file : files) {
        auto prepared = engine::prepareScenario(file, device, {}, catalog.catalog);
        if (!prepared) {
            std::fprintf(stderr, "%s: %s\n", file.c_str(), prepared.error().toString().c_str());
            return 1;
        }
        Row row { std::filesystem::relative(file, dir).replace_extension().string() };
        for (int r = 0; r < repeat; ++r) {
            engine::timing::TimingOptions options;
            options.threads = threads;
            RecordingExecutor executor(options);
            engine::RunOptions run;
            run.collectBuffers = false;
            const auto start = Clock::now();
            const auto report
                = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor, run);
            const double total = std::chrono::duration<double>(Clock::now() - start).count();
            if (!report) {
                std::fprintf(stderr, "%s: %s\n", file.c_str(), report.error().toString().c_str());
                return 1;
            }
            row.warpInstructions = 0;
            for (const auto& l : report->launches)
                row.warpInstructions += l.outcome.stats.warpInstructions;
            row.launchSeconds = std::min(row.launchSeconds, executor.seconds());
            row.runSeconds = std::min(row.runSeconds, total);
        }
        std::printf("%-28s %12llu warp instr  launches %8.4f s  run %8.4f s  %7.2f M/s\n", row.name.c_str(),
            static_cast<unsigned long long>(row.warpInstructions), row.launchSeconds, row.runSeconds, row.rate() / 1e6);
        std::fflush(stdout);
        rows.push_back(std::move(row));
    }
    if (rows.empty())
        return 1;
    std::vector<double> rates;
    for (const auto& r : rows)
        rates.push_back(r.rate());
    const auto slowest
        = std::min_element(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.rate() < b.rate(); });
    std::printf("%zu scenarios on %s, %u thread(s): median %.2f M warp instructions/s, slowest %.2f M/s (%s)\n",
        rows.size(), device.c_str(), threads, median(rates) / 1e6, slowest->rate() / 1e6, slowest->name.c_str());
}

// Where one scenario's timed run spends its wall time on the host (issue 24): the whole run, the time outside its
// launches (scenario loading, buffers made and filled, copies), and per launch the phases of the timing model
// (engine/timing/host_phases.h) — before the first window, stepping, the L2 pass, settling, retiring with the wait
// for blocks, and after the last window. Prints a table; results are the CLI's `run` for the same arguments.
//
//   launch_phases SCENARIO [--device ID] [--threads N] [--repeat N] [--set NAME=VALUE ...]
#include "engine/common/host_heap.h"
#include "engine/device/device_catalog.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "recording_executor.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <sys/resource.h>

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

/// Page faults the process took so far that needed no disk (getrusage): each costs more in a virtual machine, and
/// more the more threads share the address space.
long minorFaults()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_minflt;
}

struct Arguments {
    std::string scenario;
    std::string device;
    unsigned threads = 0;
    int repeat = 1;
    engine::ParamValues overrides;
};

bool parse(int argc, char** argv, Arguments& out)
{
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const bool hasValue = i + 1 < argc;
        if (a == "--device" && hasValue)
            out.device = argv[++i];
        else if (a == "--threads" && hasValue)
            out.threads = static_cast<unsigned>(std::max(0, std::atoi(argv[++i])));
        else if (a == "--repeat" && hasValue)
            out.repeat = std::max(1, std::atoi(argv[++i]));
        else if (a == "--set" && hasValue) {
            const std::string set = argv[++i];
            const auto eq = set.find('=');
            if (eq == std::string::npos)
                return false;
            out.overrides[set.substr(0, eq)] = std::strtoll(set.c_str() + eq + 1, nullptr, 10);
        } else if (a.starts_with("-") || !out.scenario.empty())
            return false;
        else
            out.scenario = a;
    }
    return !out.scenario.empty();
}

void printLaunch(const RecordingExecutor::Launch& l)
{
    const engine::timing::HostPhases& p = l.phases;
    std::printf("  launch %-20s %7.3f s: before %.3f | step %.3f (busy %.3f) | L2 %.3f (order %.3f shares %.3f "
                "(busy %.3f) DRAM %.3f arrivals %.3f) | settle %.3f (busy %.3f) | retire %.3f (wait %.3f) | bookkeeping "
                "%.3f | after %.3f | %llu windows (%llu on several threads) | blocks ahead %.3f (busy %.3f, committing "
                "%.3f)\n",
        l.kernel.c_str(), l.seconds, p.beforeWindows, p.stepping, p.steppingBusy, p.l2Pass, p.l2Order, p.l2Shares,
        p.l2SharesBusy, p.l2Dram, p.l2Arrivals, p.settling, p.settlingBusy, p.retiring, p.blockWait, p.bookkeeping,
        p.afterWindows,
        static_cast<unsigned long long>(p.windows), static_cast<unsigned long long>(p.sharedWindows), p.blocksAhead,
        p.blocksAheadBusy, p.blocksCommitting);
}

} // namespace

int main(int argc, char** argv)
{
    engine::configureHostHeap(); // as the CLI and the GUI
    Arguments args;
    if (!parse(argc, argv, args)) {
        std::fprintf(stderr,
            "usage: launch_phases SCENARIO [--device ID] [--threads N] [--repeat N] [--set NAME=VALUE ...]\n");
        return 2;
    }
    const auto catalog = engine::DeviceCatalog::load({});
    for (int r = 0; r < args.repeat; ++r) {
        const long faultsBefore = minorFaults();
        const auto start = Clock::now();
        auto prepared = engine::prepareScenario(args.scenario, args.device, args.overrides, catalog.catalog);
        if (!prepared) {
            std::fprintf(stderr, "%s\n", prepared.error().toString().c_str());
            return 2;
        }
        engine::timing::TimingOptions options;
        options.threads = args.threads;
        options.timePhases = true;
        RecordingExecutor executor(options);
        engine::RunOptions run;
        run.threads = args.threads; // as `warpscope-cli run --threads`
        const auto report
            = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor, run);
        const double total = secondsSince(start);
        if (!report) {
            std::fprintf(stderr, "%s\n", report.error().toString().c_str());
            return 1;
        }
        double inLaunches = 0;
        for (const auto& l : executor.launches())
            inLaunches += l.seconds;
        std::printf("run %d, %u thread(s): %.3f s, %.3f s outside launches, %ld minor page faults\n", r + 1,
            engine::timing::resolveThreads(args.threads), total, total - inLaunches, minorFaults() - faultsBefore);
        for (const auto& l : executor.launches())
            printLaunch(l);
    }
}

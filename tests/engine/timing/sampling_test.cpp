// Sampled simulation of homogeneous waves (steady_state_detector.h): the detector on synthetic completions,
// and sampled against exact launches of a copy kernel and of a data-dependent loop on several devices.
#include "engine/timing/steady_state_detector.h"
#include "timing_test_util.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <optional>

using engine::timing::CacheFill;
using engine::timing::SamplingOptions;
using engine::timing::SteadyStateDetector;
using timing_testing::timeCopy;

namespace {

SamplingOptions sampling()
{
    SamplingOptions options;
    options.enabled = true;
    return options;
}

engine::timing::TimingOptions sampledTiming()
{
    engine::timing::TimingOptions options;
    options.sampling = sampling();
    return options;
}

/// Feeds `windows` windows of `perWindow` completions; window w takes span(w) cycles, its caches are fill(w)
/// full at its end and each of its blocks moves dram(w) DRAM bytes. Returns the window during which the
/// detector became steady, or -1.
int feed(SteadyStateDetector& detector, int windows, std::uint64_t perWindow,
    const std::function<std::uint64_t(int)>& span, const std::function<CacheFill(int)>& fill,
    const std::function<std::uint64_t(int)>& dram = [](int) { return std::uint64_t { 256 }; })
{
    std::uint64_t cycle = 0;
    for (int w = 0; w < windows; ++w) {
        const std::uint64_t start = cycle;
        for (std::uint64_t b = 1; b <= perWindow; ++b) {
            const std::uint64_t at = start + span(w) * b / perWindow;
            const CacheFill f = detector.nextClosesWindow() ? fill(w) : CacheFill {};
            if (detector.onBlockFinished(at, engine::timing::BlockCost { dram(w), 0, 0 }, f))
                return w;
        }
        cycle = start + span(w);
    }
    return -1;
}

double relativeError(double sampled, double exact) { return std::abs(sampled - exact) / exact; }

// The largest |sampled − exact| ÷ exact the tests accept for cycles and counters. Measured on these launches:
// cycles within 0.6 %, functional counters exact for uniform blocks, DRAM bytes within 4 %
// (bench/README.md, "Sampled simulation").
constexpr double kCycleTolerance = 0.02;
constexpr double kDramTolerance = 0.05;

/// collatzSteps over `n` elements starting from values `start(i)`, timed exactly or sampled.
engine::timing::TimedLaunch timeCollatz(const engine::ptx::Module& m, const char* device, std::uint32_t n,
    const std::function<std::uint32_t(std::uint32_t)>& start, std::optional<SamplingOptions> sample)
{
    engine::simt::DeviceMemory mem;
    const auto steps = mem.allocate("steps", std::uint64_t { n } * 4);
    const auto starts = mem.allocate("start", std::uint64_t { n } * 4);
    auto bytes = mem.bytes(starts);
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t v = start(i);
        std::memcpy(bytes.data() + std::size_t { i } * 4, &v, 4);
    }
    engine::simt::LaunchRequest r;
    r.module = &m;
    r.kernel = static_cast<std::uint32_t>(m.findFunction("collatzSteps"));
    r.profile = &testing_fixtures::builtinProfile(device);
    engine::simt::ParamBlockBuilder p(m.functions[r.kernel]);
    p.set(0, steps);
    p.set(1, starts);
    p.set(2, n);
    r.params = p.bytes();
    r.grid = { n / 256, 1, 1 };
    r.block = { 256, 1, 1 };
    engine::timing::TimingOptions options;
    if (sample)
        options.sampling = *sample;
    auto timed = engine::timing::runTimedKernel(r, mem, options);
    if (!timed)
        throw std::runtime_error(timed.error().toString());
    return std::move(timed).value();
}

} // namespace

TEST(SteadyStateDetector, SteadyAfterTheFirstWaveAndTwoAgreeingHalves)
{
    SteadyStateDetector detector(100, sampling());
    const int at = feed(detector, 20, 100, [](int w) { return w == 0 ? 5000u : 1000u; }, [](int) { return CacheFill {}; });
    EXPECT_EQ(at, 8); // windows 1-4 and 5-8 agree; window 0 (the ramp) is not compared
    EXPECT_NEAR(detector.blocksPerCycle(), 0.1, 1e-12);
    EXPECT_EQ(detector.steadyFrom(), 0u);
    EXPECT_EQ(detector.steadyBlocks(), 800u);
}

TEST(SteadyStateDetector, NoisyWindowsWithAStableMeanAreSteady)
{
    SteadyStateDetector detector(100, sampling());
    // One-wave windows alternate 960 and 1040 cycles (±4 %): no two neighbours agree within 1 %, but every
    // four windows take 4000 cycles.
    const int at = feed(detector, 20, 100, [](int w) { return w == 0 ? 3000u : (w % 2 ? 960u : 1040u); },
        [](int) { return CacheFill {}; });
    EXPECT_EQ(at, 8);
    EXPECT_NEAR(detector.blocksPerCycle(), 0.1, 1e-12);
}

TEST(SteadyStateDetector, AThroughputThatKeepsFallingIsNeverSteady)
{
    SteadyStateDetector detector(100, sampling());
    const int at = feed(detector, 40, 100, [](int w) { return 1000u + 50u * std::uint64_t(w); }, [](int) { return CacheFill {}; });
    EXPECT_EQ(at, -1);
    EXPECT_FALSE(detector.steady());
}

TEST(SteadyStateDetector, WaitsForTheCachesToStopFillingUp)
{
    SteadyStateDetector detector(100, sampling());
    // Throughput is flat from the start, but the L2 fills by 10 % a window until it is full at the end of
    // window 9: the eight agreeing windows must start there, so the launch is steady at the end of window 17.
    const int at = feed(detector, 20, 100, [](int) { return 1000u; },
        [](int w) { return CacheFill { std::min(1.0, 0.1 * (w + 1)) }; });
    EXPECT_EQ(at, 17);
    EXPECT_EQ(detector.steadyFrom(), 9u);
}

TEST(SteadyStateDetector, WaitsForTheBlocksDramTrafficToSettle)
{
    SteadyStateDetector detector(100, sampling());
    // Write-backs start in window 5: blocks move 256 bytes each before, 512 from then on.
    const int at = feed(detector, 30, 100, [](int) { return 1000u; }, [](int) { return CacheFill {}; },
        [](int w) { return w < 5 ? std::uint64_t { 256 } : std::uint64_t { 512 }; });
    EXPECT_EQ(at, 12); // windows 5-8 and 9-12 agree
}

TEST(SampledLaunch, CopyKernelsMatchTheExactRunOnSeveralDevices)
{
    const auto m = simt_testing::corpus("offset_copy");
    const std::uint32_t n = 1u << 20; // 4096 blocks: 85 waves on g80, 49 on c2050, 37 on k20x
    for (const char* device : { "g80", "c2050", "k20x" }) {
        const auto exact = timeCopy(m, "offsetCopy", device, n, n + 32, 1);
        const auto sampled = timeCopy(m, "offsetCopy", device, n, n + 32, 1, sampledTiming());
        EXPECT_FALSE(exact.sampled) << device;
        EXPECT_EQ(exact.simulatedBlocks, n / 256) << device;
        ASSERT_TRUE(sampled.sampled) << device;
        EXPECT_LT(sampled.simulatedBlocks, n / 256) << device;
        EXPECT_LT(relativeError(double(sampled.cycles), double(exact.cycles)), kCycleTolerance) << device;
        // Every block of a copy does the same work, so the functional counters scale exactly.
        EXPECT_EQ(sampled.stats.warpInstructions, exact.stats.warpInstructions) << device;
        EXPECT_EQ(sampled.memory.globalLoadSectors, exact.memory.globalLoadSectors) << device;
        EXPECT_EQ(sampled.memory.globalStoreTransactions, exact.memory.globalStoreTransactions) << device;
        EXPECT_EQ(sampled.bytesRequested, exact.bytesRequested) << device;
        EXPECT_LT(relativeError(double(sampled.dramBytesRead), double(exact.dramBytesRead)), kDramTolerance) << device;
        EXPECT_LT(relativeError(double(sampled.dramBytesWritten), double(exact.dramBytesWritten)), kDramTolerance)
            << device;
        EXPECT_EQ(sampled.stats.blocks, exact.stats.blocks) << device;
    }
}

TEST(SampledLaunch, BlocksOfDifferentWorkInAStationaryMixAreSampledWithinTolerance)
{
    // Collatz step counts of pseudo-random starts in [1, 200], repeating every four blocks: neighbouring blocks
    // loop different numbers of times (and their warps diverge), but each wave (48 blocks on g80) holds the
    // same mix. On g80 (no caches) nothing else has to settle; on cached devices this 1 MB grid leaves the L2
    // filling up to its end, so it would run in full there.
    const auto m = simt_testing::corpus("data_dependent_loop");
    const auto start = [](std::uint32_t i) { return 1u + ((i % 1024u) * 2654435761u >> 8) % 200u; };
    const std::uint32_t n = 1u << 17;
    // Waves of such blocks retire less evenly than copies: windows agree within 3 %, not 1 % (measured: at 1 %
    // this launch is not sampled; at 3 % it stops after 79 of 512 blocks, 0.5 % above the exact cycles).
    SamplingOptions looser = sampling();
    looser.tolerance = 0.03;
    for (const char* device : { "g80" }) {
        const auto exact = timeCollatz(m, device, n, start, std::nullopt);
        const auto sampled = timeCollatz(m, device, n, start, looser);
        ASSERT_TRUE(sampled.sampled) << device;
        EXPECT_LT(relativeError(double(sampled.cycles), double(exact.cycles)), kCycleTolerance) << device;
        EXPECT_LT(relativeError(double(sampled.stats.warpInstructions), double(exact.stats.warpInstructions)),
            kCycleTolerance)
            << device;
        EXPECT_LT(relativeError(double(sampled.stats.threadInstructions), double(exact.stats.threadInstructions)),
            kCycleTolerance)
            << device;
    }
}

TEST(SampledLaunch, WorkThatGrowsWithTheBlockIndexRunsInFull)
{
    // Start 2^k takes k steps: k grows from 1 to 30 over the grid, so no two waves retire at the same rate.
    const auto m = simt_testing::corpus("data_dependent_loop");
    const std::uint32_t n = 1u << 16;
    const auto start = [n](std::uint32_t i) { return 1u << (1u + 29u * (i / 256u) / (n / 256u)); };
    const auto exact = timeCollatz(m, "g80", n, start, std::nullopt);
    const auto sampled = timeCollatz(m, "g80", n, start, sampling());
    EXPECT_FALSE(sampled.sampled);
    EXPECT_EQ(sampled.simulatedBlocks, n / 256);
    EXPECT_EQ(sampled.cycles, exact.cycles);
    EXPECT_EQ(sampled.stats.warpInstructions, exact.stats.warpInstructions);
}

TEST(SampledLaunch, ASmallGridIsNeverSampled)
{
    // 64 blocks: less than one wave on v100 (80 SMs), three on g80.
    const auto m = simt_testing::corpus("offset_copy");
    const std::uint32_t n = 1u << 14;
    for (const char* device : { "v100", "g80" }) {
        const auto exact = timeCopy(m, "offsetCopy", device, n, n + 32, 0);
        const auto sampled = timeCopy(m, "offsetCopy", device, n, n + 32, 0, sampledTiming());
        EXPECT_FALSE(sampled.sampled) << device;
        EXPECT_EQ(sampled.cycles, exact.cycles) << device;
        EXPECT_EQ(sampled.dramBytesRead, exact.dramBytesRead) << device;
    }
}

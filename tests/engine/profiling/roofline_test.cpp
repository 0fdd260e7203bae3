// FLOP counting, the device roofs and the speed-of-light shares: worked examples from the matrix kernels of the
// Best Practices Guide (2·M·N·K), the guides' throughput tables and the H100's ncu peaks.
#include "engine/device/device_catalog.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "engine/profiling/memory_chart.h"
#include "engine/profiling/roofline.h"
#include "engine/profiling/speed_of_light.h"
#include "engine/timing/timed_executor.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/test_paths.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace {

using engine::FlopKind;
using testing_fixtures::builtinProfile;

engine::ptx::Instruction instruction(engine::ptx::Opcode op, engine::ptx::ScalarType type)
{
    engine::ptx::Instruction ins;
    ins.opcode = op;
    ins.type = type;
    return ins;
}

/// Every launch of a bundled scenario, run functionally (or timed), as the roofline reads it.
std::vector<engine::LaunchCounters> launchesOf(const std::string& scenario, const std::string& device,
    const engine::ParamValues& overrides = {}, bool timed = false)
{
    auto prepared = engine::prepareScenario(testing_paths::sourceDir() / "resources/scenarios" / scenario, device, overrides,
        testing_fixtures::builtinCatalog());
    EXPECT_TRUE(prepared.ok()) << prepared.error().toString();
    engine::FunctionalExecutor functional;
    engine::timing::TimedExecutor timedExecutor;
    engine::KernelExecutor& executor = timed ? static_cast<engine::KernelExecutor&>(timedExecutor) : functional;
    auto report = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor);
    EXPECT_TRUE(report.ok()) << report.error().toString();
    std::vector<engine::LaunchCounters> out;
    for (const auto& launch : report->launches)
        out.push_back(engine::launchCountersOf(prepared->module, launch.outcome));
    return out;
}

const engine::SolUnit& unit(const engine::SpeedOfLight& sol, const std::string& id)
{
    const auto it = std::find_if(sol.units.begin(), sol.units.end(), [&](const auto& u) { return u.id == id; });
    if (it == sol.units.end())
        throw std::runtime_error("no unit " + id);
    return *it;
}

TEST(LaneFlops, CountsAsNsightComputeDoes)
{
    using engine::ptx::Opcode;
    using engine::ptx::ScalarType;
    EXPECT_EQ(engine::laneFlops(instruction(Opcode::Fma, ScalarType::F32)).flops, 2u);
    EXPECT_EQ(engine::laneFlops(instruction(Opcode::Mad, ScalarType::F32)).flops, 2u);
    EXPECT_EQ(engine::laneFlops(instruction(Opcode::Add, ScalarType::F32)).flops, 1u);
    EXPECT_EQ(engine::laneFlops(instruction(Opcode::Mul, ScalarType::F64)).kind, FlopKind::Fp64);
    const auto packed = engine::laneFlops(instruction(Opcode::Fma, ScalarType::F16x2));
    EXPECT_EQ(packed.kind, FlopKind::Fp16);
    EXPECT_EQ(packed.flops, 4u); // two halves, two FLOPs each
    EXPECT_EQ(engine::laneFlops(instruction(Opcode::Div, ScalarType::F32)).flops, 0u);
    EXPECT_EQ(engine::laneFlops(instruction(Opcode::Sqrt, ScalarType::F32)).flops, 0u);
    EXPECT_EQ(engine::laneFlops(instruction(Opcode::Mad, ScalarType::S32)).flops, 0u); // mad.lo.s32 is integer
    EXPECT_TRUE(engine::isIntegerOperation(instruction(Opcode::Mad, ScalarType::S32)));
    EXPECT_FALSE(engine::isIntegerOperation(instruction(Opcode::Setp, ScalarType::F32)));
}

TEST(InstructionMix, MatrixKernelsCountTwoMnkFlops)
{
    const std::uint64_t m = 64, k = 32; // C (m × m) = A (m × 32) · B (32 × m), and C = A·Aᵀ
    for (const auto* scenario : { "matrix/ab_simple_multiply.json", "matrix/ab_coalesced_multiply.json",
             "matrix/ab_shared_ab_multiply.json", "matrix/aat_simple_multiply.json", "matrix/aat_coalesced_multiply.json",
             "matrix/aat_padded_multiply.json" }) {
        const auto launches = launchesOf(scenario, "v100", { { "m", 64 } });
        ASSERT_EQ(launches.size(), 1u) << scenario;
        EXPECT_EQ(launches[0].mix.flopsOf(FlopKind::Fp32), 2 * m * m * k) << scenario;
        EXPECT_EQ(launches[0].mix.totalFlops(), 2 * m * m * k) << scenario;
    }
}

TEST(InstructionMix, MuldAndDaxpyAndCopies)
{
    const auto muld = launchesOf("corpus/muld.json", "g80", { { "ha", 32 }, { "wa", 48 }, { "wb", 64 } });
    EXPECT_EQ(muld[0].mix.flopsOf(FlopKind::Fp32), 2u * 32 * 48 * 64);
    const auto daxpy = launchesOf("corpus/daxpy.json", "h100", { { "n", 4096 } });
    EXPECT_EQ(daxpy[0].mix.flopsOf(FlopKind::Fp64), 2u * 4096); // y = a·x + y: one fma.rn.f64 per element
    EXPECT_EQ(daxpy[0].mix.flopsOf(FlopKind::Fp32), 0u);
    const auto copy = launchesOf("offset_copy.json", "h100", { { "n", 65536 } });
    EXPECT_EQ(copy[0].mix.totalFlops(), 0u);
    EXPECT_GT(copy[0].mix.integerOperations, 0u); // the index arithmetic: an integer kernel
}

TEST(DeviceCeilings, H100PeaksFromTheProfile)
{
    const auto ceilings = engine::deviceCeilings(builtinProfile("h100"));
    auto peak = [&](const std::vector<engine::Ceiling>& list, const std::string& id) {
        const auto it = std::find_if(list.begin(), list.end(), [&](const auto& c) { return c.id == id; });
        return it == list.end() ? 0.0 : it->peak;
    };
    EXPECT_NEAR(peak(ceilings.compute, "fp32"), 132 * 1980e6 * 128 * 2, 1e6); // 66.9 TFLOP/s
    EXPECT_NEAR(peak(ceilings.compute, "fp64"), 132 * 1980e6 * 64 * 2, 1e6);
    EXPECT_NEAR(peak(ceilings.compute, "fp16"), 132 * 1980e6 * 256 * 2, 1e6);
    EXPECT_NEAR(peak(ceilings.compute, "tensor"), 132 * 1980e6 * 4096, 1e6);
    EXPECT_NEAR(peak(ceilings.memory, "dram"), 2619e6 * 640 * 2, 1e3); // 3352.3 GB/s, HBM: no ECC cost
    EXPECT_NEAR(peak(ceilings.memory, "l2"), 13027.3e9, 1e3);
    EXPECT_NEAR(peak(ceilings.memory, "l1"), 132 * 1980e6 * 512, 1e3);
    EXPECT_NEAR(peak(ceilings.memory, "shared"), 132 * 1980e6 * 128, 1e3); // 32 banks × 4 B per clock
    for (const auto& c : ceilings.memory)
        EXPECT_FALSE(c.source.empty()) << c.id;
}

TEST(DeviceCeilings, G80HasNoCachesNoDoublesAndThirtyTwoBytePerClockShared)
{
    const auto ceilings = engine::deviceCeilings(builtinProfile("g80"));
    ASSERT_EQ(ceilings.memory.size(), 2u); // shared, DRAM
    EXPECT_EQ(ceilings.memory[0].id, "shared");
    EXPECT_NEAR(ceilings.memory[0].peak, 16 * 1350e6 * 8 * 4, 1); // 8 lanes per clock (DIGEST §1.9), 4-byte banks
    ASSERT_EQ(ceilings.compute.size(), 1u); // FP32 only: doubles demoted below CC 1.3
    EXPECT_NEAR(ceilings.compute[0].peak, 16 * 1350e6 * 8 * 2, 1); // 345.6 GFLOP/s
    const auto fermi = engine::deviceCeilings(builtinProfile("c2050"));
    EXPECT_EQ(fermi.memory.size(), 3u); // L1 (as shared), shared, DRAM; no public L2 figure
}

TEST(SpeedOfLight, SharesOfAWorkedLaunch)
{
    // 1000 cycles on an H100: 132 SMs × 1000 × 128 FMA lanes = 16.9 M lane slots; 264 000 warp FMAs use half.
    engine::LaunchCounters launch;
    launch.cycles = 1000;
    launch.mix.pipeWarpInstructions[static_cast<std::size_t>(engine::timing::Pipe::Fp32)] = 264000;
    launch.memory.globalLoadSectors = 1000;
    launch.dramBytesRead = 3352; // of 3352.3 GB/s × 0.505 µs = 1.69 MB
    launch.dramBytesWritten = 0;
    const auto& h100 = builtinProfile("h100");
    const auto sol = engine::speedOfLight(h100, launch);
    ASSERT_TRUE(sol.has_value());
    EXPECT_NEAR(unit(*sol, "fma").percent, 50.0, 1e-9);
    EXPECT_EQ(sol->units.front().id, "fma");
    EXPECT_NEAR(unit(*sol, "dram").percent, 100.0 * 3352 / (2619e6 * 640 * 2 * 1000 / 1980e6), 1e-9);
    EXPECT_NE(sol->limiter.find("latency-bound"), std::string::npos) << sol->limiter; // 50 % < 60 %
    launch.mix.pipeWarpInstructions[static_cast<std::size_t>(engine::timing::Pipe::Fp32)] = 422400; // 80 %
    const auto busy = engine::speedOfLight(h100, launch);
    EXPECT_NE(busy->limiter.find("Limited by compute, FMA (FP32): 80 %"), std::string::npos) << busy->limiter;
    EXPECT_NE(busy->limiter.find("DIGEST §1.9"), std::string::npos);
    launch.cycles.reset();
    EXPECT_FALSE(engine::speedOfLight(h100, launch).has_value());
}

TEST(Roofline, TimedMatrixKernelSitsUnderItsRoofs)
{
    const auto launches = launchesOf("matrix/ab_shared_ab_multiply.json", "h100", { { "m", 256 } }, true);
    const auto& h100 = builtinProfile("h100");
    const auto roofline = engine::launchRoofline(h100, launches[0]);
    ASSERT_TRUE(roofline.has_value());
    EXPECT_FALSE(roofline->integer);
    EXPECT_DOUBLE_EQ(roofline->work, 2.0 * 256 * 256 * 32);
    const auto ceilings = engine::deviceCeilings(h100);
    for (const auto& point : roofline->points) {
        const auto peak = engine::memoryPeak(h100, point.level);
        ASSERT_TRUE(peak.has_value());
        EXPECT_LE(point.performance, std::min(*peak * point.intensity, ceilings.compute[1].peak) * 1.0001)
            << engine::toString(point.level);
        EXPECT_NEAR(point.intensity * double(point.bytes), roofline->work, 1e-6 * roofline->work);
    }
}

TEST(MemoryChart, FollowsTheGeneration)
{
    const auto g80 = engine::memoryChart(builtinProfile("g80"), launchesOf("offset_copy.json", "g80", { { "n", 8192 } })[0]);
    auto has = [](const engine::MemoryChart& chart, const std::string& id) {
        return std::any_of(chart.nodes.begin(), chart.nodes.end(), [&](const auto& n) { return n.id == id; });
    };
    EXPECT_FALSE(has(g80, "l1"));
    EXPECT_FALSE(has(g80, "l2"));
    EXPECT_EQ(g80.links.back().from, "global"); // straight to DRAM on CC 1.x
    EXPECT_EQ(g80.links.back().bytes, 2u * 8192 * 4); // aligned: every byte moved once, in and out
    const auto fermi = engine::memoryChart(builtinProfile("c2050"), launchesOf("offset_copy.json", "c2050", { { "n", 8192 } })[0]);
    const auto l1 = std::find_if(fermi.nodes.begin(), fermi.nodes.end(), [](const auto& n) { return n.id == "l1"; });
    ASSERT_NE(l1, fermi.nodes.end());
    EXPECT_EQ(l1->label, "L1 (128-byte lines)");
    const auto link = engine::hostLink(builtinProfile("h100"), 64'000'000, 0.001);
    EXPECT_NEAR(*link.percentOfPeak, 100.0, 1e-9); // 64 GB/s for 1 ms
}

} // namespace

TEST(TensorFlops, MmaLdmatrixGemmCountsTwoMnkAndLoadsTheTensorCores)
{
    // C = A × B with M = N = K = 32 through mma.sync.m16n8k16: 2·M·N·K = 65536 tensor FLOPs in all.
    const auto launches = launchesOf("tensor/mma_ldmatrix.json", "h100", {{"m", 32}, {"n", 32}, {"k", 32}}, true);
    ASSERT_EQ(launches.size(), 5u);
    EXPECT_EQ(launches[2].mix.flopsOf(FlopKind::Tensor), 2u * 32 * 32 * 32);
    EXPECT_EQ(launches[4].mix.flopsOf(FlopKind::Tensor), 2u * 32 * 32 * 32); // the cp.async double buffer
    EXPECT_EQ(launches[0].mix.flopsOf(FlopKind::Tensor), 0u); // toHalf
    const auto sol = engine::speedOfLight(builtinProfile("h100"), launches[2]);
    ASSERT_TRUE(sol.has_value());
    const double cycles = double(*launches[2].cycles);
    EXPECT_NEAR(unit(*sol, "tensor").percent, 100.0 * 65536 / (4096 * cycles * 132), 1e-9);
}

// The timing rules measured with bench/hardware/timing_rules_probe.cu on an H100 (docs/timing_rules_h100.md):
// a launch's fixed cycles, same-address atomics at the L2's atomic units and in shared memory.
#include "engine/simt/execution_observer.h"
#include "engine/timing/atomic_units.h"
#include "engine/timing/block_recorder.h"
#include "timing_test_util.h"

namespace {

const char* const kAtomicPtx = R"(
.version 8.0
.target sm_90
.address_size 64
.shared .align 4 .b8 words[128];
.visible .entry emptyKernel()
{
    ret;
}
.visible .entry atomGlobal(.param .u64 p_words, .param .u32 p_n, .param .u32 p_reps)
{
    .reg .pred %p<2>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<5>;
    ld.param.u64 %rd1, [p_words];
    ld.param.u32 %r1, [p_n];
    ld.param.u32 %r5, [p_reps];
    cvta.to.global.u64 %rd2, %rd1;
    mov.u32 %r2, %tid.x;
    rem.u32 %r3, %r2, %r1;
    mul.wide.u32 %rd3, %r3, 4;
    add.s64 %rd4, %rd2, %rd3;
    mov.u32 %r6, 0;
$loop:
    atom.global.add.u32 %r4, [%rd4], 1;
    add.s32 %r6, %r6, 1;
    setp.lt.s32 %p1, %r6, %r5;
    @%p1 bra $loop;
    ret;
}
.visible .entry atomShared(.param .u64 p_words, .param .u32 p_n, .param .u32 p_reps)
{
    .reg .b32 %r<8>;
    ld.param.u32 %r1, [p_n];
    mov.u32 %r2, %tid.x;
    rem.u32 %r3, %r2, %r1;
    shl.b32 %r4, %r3, 2;
    mov.u32 %r5, words;
    add.u32 %r6, %r5, %r4;
    atom.shared.add.u32 %r7, [%r6], 1;
    ret;
}
)";

/// Runs `kernel` of kAtomicPtx with (65 536 words, n, reps) on `profile`.
engine::timing::TimedLaunch runAtomic(const engine::DeviceProfile& profile, const char* kernel, std::uint32_t grid,
    std::uint32_t block, std::uint32_t n, std::uint32_t reps)
{
    static const auto module = simt_testing::parse(kAtomicPtx);
    engine::simt::DeviceMemory mem;
    const auto words = mem.allocate("words", 65536 * 4);
    engine::simt::LaunchRequest r;
    r.module = &module;
    r.kernel = static_cast<std::uint32_t>(module.findFunction(kernel));
    r.profile = &profile;
    engine::simt::ParamBlockBuilder p(module.functions[r.kernel]);
    if (!module.functions[r.kernel].params.empty()) {
        p.set(0, words);
        p.set(1, n);
        p.set(2, reps);
    }
    r.params = p.bytes();
    r.grid = {grid, 1, 1};
    r.block = {block, 1, 1};
    auto timed = engine::timing::runTimedKernel(r, mem, {});
    if (!timed)
        throw std::runtime_error(timed.error().toString());
    return std::move(timed).value();
}

const engine::DeviceProfile& h100()
{
    return testing_fixtures::builtinProfile("h100");
}

} // namespace

TEST(TimingRules, AnEmptyLaunchCostsTheMeasuredFixedCycles)
{
    // bench/hardware/h100/timing_rules/: an empty kernel of one block took 4 425-4 469 SM cycles on the H100.
    const auto one = runAtomic(h100(), "emptyKernel", 1, 256, 0, 0);
    EXPECT_GE(one.cycles, 4580u);
    EXPECT_NEAR(static_cast<double>(one.cycles), 4450.0, 0.06 * 4450.0);
    engine::DeviceProfile none = h100();
    none.timing.launchFixedCycles = 0;
    EXPECT_EQ(runAtomic(none, "emptyKernel", 1, 256, 0, 0).cycles + 4580u, one.cycles);
}

TEST(TimingRules, AtomicUnitsSerializeRequestsToOneLine)
{
    // H100: 3.7 cycles per request + 1.35 per lane on the most-used word; atomicCAS 8.8 per request.
    const engine::TimingSpec& timing = h100().timing;
    engine::timing::AtomicUnits units(timing);
    EXPECT_EQ(units.serve(0x1000, 32, false, 100), 100u + 47u); // llround(3.7 + 32 × 1.35)
    EXPECT_EQ(units.serve(0x1000, 32, false, 100), 100u + 94u); // queued behind the first
    EXPECT_EQ(units.serve(0x1080, 1, false, 100), 100u + 5u); // another line: its own unit
    EXPECT_EQ(units.serve(0x2000, 1, true, 100), 100u + 10u); // llround(8.8 + 1.35)
    units.clear();
    EXPECT_EQ(units.serve(0x1000, 1, false, 7), 7u + 5u);
}

TEST(TimingRules, MostLanesOnOneAddressCountsWithinTheWindow)
{
    std::array<std::uint64_t, engine::simt::kWarpLanes> addresses {};
    for (std::uint32_t lane = 0; lane < 32; ++lane)
        addresses[lane] = 0x1000 + 4 * (lane % 11);
    engine::simt::MemoryEvent event;
    event.activeMask = 0xffffffffu;
    event.laneAddresses = &addresses;
    EXPECT_EQ(engine::timing::mostLanesOnOneAddress(event, 0x1000, 128), 3); // lanes 0, 11, 22
    EXPECT_EQ(engine::timing::mostLanesOnOneAddress(event, 0x1004, 4), 3);
    EXPECT_EQ(engine::timing::mostLanesOnOneAddress(event, 0x1080, 128), 0);
    // Within a mask of the lanes in the range: the same, and lanes left out of the mask do not count.
    EXPECT_EQ(engine::timing::mostLanesOnOneAddress(event, 0x1000, 128, (1u << 0) | (1u << 11) | (1u << 22)), 3);
    EXPECT_EQ(engine::timing::mostLanesOnOneAddress(event, 0x1000, 128, (1u << 0) | (1u << 11)), 2);
    event.activeMask = 0x1u;
    EXPECT_EQ(engine::timing::mostLanesOnOneAddress(event, 0x1000, 128), 1);
}

TEST(TimingRules, ContendedGlobalAtomicsTakeAsLongAsOnTheH100)
{
    // 64 blocks × 256 threads × 4 atomicAdd on one word took 100 477 SM cycles on the H100, on 32 words (one line,
    // one lane per word) 14 874, on a word per thread 6 505 (bench/hardware/h100/timing_rules/).
    const auto oneWord = runAtomic(h100(), "atomGlobal", 64, 256, 1, 4);
    EXPECT_NEAR(static_cast<double>(oneWord.cycles), 100477.0, 0.15 * 100477.0);
    const auto oneLine = runAtomic(h100(), "atomGlobal", 64, 256, 32, 4);
    EXPECT_NEAR(static_cast<double>(oneLine.cycles), 14874.0, 0.2 * 14874.0);
    const auto spread = runAtomic(h100(), "atomGlobal", 64, 256, 65536, 4);
    EXPECT_LT(spread.cycles, oneLine.cycles);
}

TEST(TimingRules, SameWordSharedAtomicsTakeAPassPerLane)
{
    // One warp: 32 lanes on one word take 32 passes of one cycle (h100: one wavefront per cycle), 32 words in 32
    // banks one.
    const auto sameWord = runAtomic(h100(), "atomShared", 1, 32, 1, 1);
    const auto ownWords = runAtomic(h100(), "atomShared", 1, 32, 32, 1);
    EXPECT_EQ(sameWord.cycles - ownWords.cycles, 31u);
}

// A kernel that never ends once grew its instruction traces by ~18 bytes per warp instruction until the
// out-of-memory killer stopped it; the launch's trace limit now stops it with an error.
#include "../device_fixtures.h"
#include "../simt/simt_test_util.h"
#include "engine/timing/timed_launch.h"
#include "engine/timing/trace_memory.h"

#include <gtest/gtest.h>

#include <string>

namespace {

/// Spins forever on a loaded flag nobody sets: one global load (`load`) and a branch per iteration.
std::string spinKernel(const char* load)
{
    return std::string(R"(.version 8.5
.target sm_80
.address_size 64
.visible .entry spin(.param .u64 flag)
{
    .reg .pred %p<2>;
    .reg .b32 %r<2>;
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [flag];
WAIT:
    )") + load + R"( %r1, [%rd1];
    setp.eq.s32 %p1, %r1, 0;
    @%p1 bra WAIT;
    ret;
}
)";
}

/// A volatile load: the blocks run one by one; a plain one: nothing says another block may set the flag, so they
/// run apart, in batches on several threads (block_source.h).
const char* kVolatileLoad = "ld.volatile.global.u32";
const char* kPlainLoad = "ld.global.u32";

engine::Result<engine::timing::TimedLaunch> spin(std::uint64_t traceBytesLimit, std::uint64_t budget,
    const char* load = kVolatileLoad, std::uint32_t blocks = 2, unsigned threads = 0)
{
    const auto module = simt_testing::parse(spinKernel(load));
    engine::simt::DeviceMemory mem;
    const auto flag = mem.allocate("flag", 4);
    engine::simt::LaunchRequest r;
    r.module = &module;
    r.kernel = static_cast<std::uint32_t>(module.findFunction("spin"));
    r.profile = &testing_fixtures::builtinProfile("v100");
    engine::simt::ParamBlockBuilder p(module.functions[r.kernel]);
    p.set(0, flag);
    r.params = p.bytes();
    r.grid = {blocks, 1, 1};
    r.block = {64, 1, 1};
    r.instructionBudget = budget;
    engine::timing::TimingOptions options;
    options.traceBytesLimit = traceBytesLimit;
    options.threads = threads;
    return engine::timing::runTimedKernel(r, mem, options);
}

TEST(TraceMemory, EndlessLoopStopsAtTheTraceLimit)
{
    const auto timed = spin(std::uint64_t {4} << 20, 0);
    ASSERT_FALSE(timed.ok());
    const auto& message = timed.error().message;
    EXPECT_NE(message.find("block 0 of 2 stopped after"), std::string::npos) << message;
    EXPECT_NE(message.find("outgrew this launch's limit of 4 MiB"), std::string::npos) << message;
}

TEST(TraceMemory, BlocksRunInBatchesStopAtTheTraceLimitToo)
{
    // Sixteen endless blocks at once each get a sixteenth of the limit; the first to outgrow it stops the batch
    // and block 0 runs again serially, with the whole limit: the serial run's error, and memory bounded as serially.
    const auto serial = spin(std::uint64_t {4} << 20, 0, kPlainLoad, 16, 1);
    ASSERT_FALSE(serial.ok());
    EXPECT_NE(serial.error().message.find("block 0 of 16 stopped after"), std::string::npos) << serial.error().message;
    const auto batches = spin(std::uint64_t {4} << 20, 0, kPlainLoad, 16, 8);
    ASSERT_FALSE(batches.ok());
    EXPECT_EQ(batches.error().message, serial.error().message);
}

TEST(TraceMemory, TheInstructionBudgetStillStopsFirstWhenLower)
{
    const auto timed = spin(std::uint64_t {4} << 30, 100000);
    ASSERT_FALSE(timed.ok());
    EXPECT_NE(timed.error().message.find("instruction budget of 100000"), std::string::npos) << timed.error().message;
}

TEST(TraceMemory, DefaultLimitIsAShareOfAtMostFourGiB)
{
    const auto one = engine::timing::defaultTraceBytesLimit(1);
    EXPECT_GT(one, 0u);
    EXPECT_LE(one, std::uint64_t {4} << 30);
    EXPECT_EQ(engine::timing::defaultTraceBytesLimit(4), one / 4);
    EXPECT_EQ(engine::timing::TimingOptions {}.traceBytesLimit, one);
}

TEST(TraceMemory, TraceBytesCountCapacities)
{
    std::vector<engine::timing::WarpTrace> traces(2);
    traces[0].ops.reserve(10);
    traces[1].txns.reserve(3);
    EXPECT_EQ(engine::timing::traceBytes(traces), 10 * 8 + 3 * 32u);
}

} // namespace

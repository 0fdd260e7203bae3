// Lane addresses to host pointers (memory_access.h, resolveLanes): a guarded access whose inactive lanes point
// anywhere reads only its active lanes' words; an active lane outside every allocation faults, named; generic
// addresses resolve lane by lane to .global or .shared (PTX ISA "Generic Addressing").
#include "simt_test_util.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace simt_testing;
using engine::simt::DeviceMemory;

namespace {

/// Thread t < n loads a word with a generic ld: in[t] from global memory, or (when `mixed` and t is odd) the
/// shared word 1000 + t, and stores it to out[t]. Threads t >= n do nothing.
const char* kLaneResolutionKernel = R"(.version 8.5
.target sm_80
.address_size 64
.visible .entry pick(.param .u64 out, .param .u64 in, .param .u32 n, .param .u32 mixed)
{
    .reg .pred %p<3>;
    .reg .b32 %r<10>;
    .reg .b64 %rd<10>;
    .shared .align 4 .b32 sh[32];
    ld.param.u64 %rd1, [out];
    ld.param.u64 %rd2, [in];
    ld.param.u32 %r1, [n];
    ld.param.u32 %r9, [mixed];
    mov.u32 %r2, %tid.x;
    mov.u32 %r3, sh;
    shl.b32 %r4, %r2, 2;
    add.u32 %r3, %r3, %r4;
    add.u32 %r5, %r2, 1000;
    st.shared.u32 [%r3], %r5;
    bar.sync 0;
    mul.wide.u32 %rd3, %r2, 4;
    add.u64 %rd4, %rd2, %rd3;
    mov.u64 %rd5, sh;
    cvta.shared.u64 %rd5, %rd5;
    add.u64 %rd5, %rd5, %rd3;
    and.b32 %r7, %r2, %r9;
    setp.eq.u32 %p2, %r7, 1;
    selp.b64 %rd6, %rd5, %rd4, %p2;
    setp.ge.u32 %p1, %r2, %r1;
    @%p1 bra DONE;
    ld.u32 %r6, [%rd6];
    add.u64 %rd7, %rd1, %rd3;
    st.global.u32 [%rd7], %r6;
DONE:
    ret;
}
)";

struct Outcome {
    std::string error;
    std::vector<std::uint32_t> out;
};

/// The launch's error (empty when it ran) and the 32 words of `out` after it.
template <typename LaunchResult> Outcome outcome(const LaunchResult& r, DeviceMemory& mem, std::uint64_t out)
{
    Outcome result;
    if (!r.ok())
        result.error = r.error().toString();
    result.out = download<std::uint32_t>(mem, out);
    return result;
}

/// One warp; `in` holds `words` words 7, 14, 21, ... and is the last allocation (nothing follows it).
Outcome run(std::uint32_t n, std::uint32_t words, bool mixed)
{
    const auto m = parse(kLaneResolutionKernel);
    DeviceMemory mem;
    const std::uint64_t out = upload(mem, "out", std::vector<std::uint32_t>(32, 0));
    std::vector<std::uint32_t> values(words);
    for (std::uint32_t i = 0; i < words; ++i)
        values[i] = 7 * (i + 1);
    const std::uint64_t in = upload(mem, "in", values);
    Shape s;
    s.block = { 32, 1, 1 };
    return outcome(launch(m, "pick", s, { { out }, { in }, { n }, { mixed ? 1u : 0u } }, mem), mem, out);
}

} // namespace

TEST(LaneResolution, InactiveLanesMayPointOutsideEveryAllocation)
{
    // Lanes 20..31 would read past the end of `in`; the guard leaves them out.
    const Outcome r = run(20, 20, false);
    ASSERT_EQ(r.error, "");
    for (std::uint32_t t = 0; t < 32; ++t)
        EXPECT_EQ(r.out[t], t < 20 ? 7 * (t + 1) : 0u) << "thread " << t;
}

TEST(LaneResolution, GenericLanesResolveToGlobalOrSharedEachByItsAddress)
{
    const Outcome r = run(24, 32, true);
    ASSERT_EQ(r.error, "");
    for (std::uint32_t t = 0; t < 32; ++t) {
        const std::uint32_t expected = t >= 24 ? 0u : (t % 2 == 1 ? 1000 + t : 7 * (t + 1));
        EXPECT_EQ(r.out[t], expected) << "thread " << t;
    }
}

TEST(LaneResolution, AnActiveLanePastTheEndFaultsNamingIt)
{
    // Every lane active, `in` 20 words long: thread 20 is the first to read past its end (odd threads read
    // shared memory when mixed).
    for (const bool mixed : { false, true }) {
        const Outcome r = run(32, 20, mixed);
        EXPECT_NE(r.error.find("invalid global read of size 4 bytes"), std::string::npos) << r.error;
        EXPECT_NE(r.error.find("thread (20,0,0)"), std::string::npos) << r.error;
        EXPECT_NE(r.error.find("0 bytes after the end of allocation 'in'"), std::string::npos) << r.error;
    }
}

TEST(LaneResolution, TheFastPathTakesTheLastWholeElementAndNotOneByteMore)
{
    // Every lane active and aligned: the one-pass range test at its edge. `in` of 32 words: lane 31 reads the
    // allocation's last word. Of 31 words: lane 31 starts right after the end.
    const Outcome fits = run(32, 32, false);
    ASSERT_EQ(fits.error, "");
    for (std::uint32_t t = 0; t < 32; ++t)
        EXPECT_EQ(fits.out[t], 7 * (t + 1)) << "thread " << t;
    const Outcome past = run(32, 31, false);
    EXPECT_NE(past.error.find("thread (31,0,0)"), std::string::npos) << past.error;
    EXPECT_NE(past.error.find("0 bytes after the end of allocation 'in'"), std::string::npos) << past.error;
}

namespace {

/// Threads t >= `from` read the module's word g, all at one address (an operand without a register), and
/// store it to out[t]; with `stray`, they read absolute address 8 instead, inside no allocation.
const char* kUniformKernel = R"(.version 8.5
.target sm_80
.address_size 64
.visible .global .align 4 .u32 g = 42;
.visible .entry uniform(.param .u64 out, .param .u32 from, .param .u32 stray)
{
    .reg .pred %p<3>;
    .reg .b32 %r<10>;
    .reg .b64 %rd<10>;
    ld.param.u64 %rd1, [out];
    ld.param.u32 %r1, [from];
    ld.param.u32 %r2, [stray];
    mov.u32 %r3, %tid.x;
    setp.lt.u32 %p1, %r3, %r1;
    @%p1 bra DONE;
    setp.ne.u32 %p2, %r2, 0;
    @%p2 ld.global.u32 %r4, [8];
    @!%p2 ld.global.u32 %r4, [g];
    mul.wide.u32 %rd2, %r3, 4;
    add.u64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r4;
DONE:
    ret;
}
)";

Outcome runUniform(std::uint32_t from, bool stray)
{
    const auto m = parse(kUniformKernel);
    DeviceMemory mem;
    const std::uint64_t out = upload(mem, "out", std::vector<std::uint32_t>(32, 0));
    Shape s;
    s.block = { 32, 1, 1 };
    return outcome(launch(m, "uniform", s, { { out }, { from }, { stray ? 1u : 0u } }, mem), mem, out);
}

} // namespace

TEST(LaneResolution, OneAddressForEveryLaneReadsTheSameWordIntoTheActiveLanes)
{
    const Outcome r = runUniform(5, false);
    ASSERT_EQ(r.error, "");
    for (std::uint32_t t = 0; t < 32; ++t)
        EXPECT_EQ(r.out[t], t < 5 ? 0u : 42u) << "thread " << t;
}

TEST(LaneResolution, OneAddressOutsideEveryAllocationFaultsNamingTheLowestActiveLane)
{
    const Outcome r = runUniform(5, true);
    EXPECT_NE(r.error.find("invalid global read of size 4 bytes"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("thread (5,0,0)"), std::string::npos) << r.error;
}

namespace {

/// The odd threads call twice(t) and store its result; the even ones store t + 100. With `stray`, twice reads
/// its argument 64 bytes past it, outside its frame.
std::string callKernel(bool stray)
{
    return std::string(R"(.version 8.5
.target sm_80
.address_size 64
.func (.param .b32 result) twice(.param .b32 x)
{
    .reg .b32 %r<3>;
    ld.param.u32 %r1, [x)") + (stray ? "+64" : "") + R"(];
    add.u32 %r2, %r1, %r1;
    st.param.u32 [result], %r2;
    ret;
}
.visible .entry callOdd(.param .u64 out)
{
    .reg .pred %p<2>;
    .reg .b32 %r<6>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    add.u32 %r2, %r1, 100;
    and.b32 %r3, %r1, 1;
    setp.eq.u32 %p1, %r3, 0;
    @%p1 bra STORE;
    {
    .param .b32 arg;
    st.param.b32 [arg], %r1;
    .param .b32 back;
    call (back), twice, (arg);
    ld.param.b32 %r2, [back];
    }
STORE:
    mul.wide.u32 %rd2, %r1, 4;
    add.u64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r2;
    ret;
}
)";
}

Outcome runCall(bool stray)
{
    const auto m = parse(callKernel(stray));
    DeviceMemory mem;
    const std::uint64_t out = upload(mem, "out", std::vector<std::uint32_t>(32, 0));
    Shape s;
    s.block = { 32, 1, 1 };
    return outcome(launch(m, "callOdd", s, { { out } }, mem), mem, out);
}

} // namespace

TEST(LaneResolution, ACallsParametersAreEachLanesOwnUnderDivergence)
{
    // PTX ISA 8.5 §5.1.6.2: .param variables of a call are per thread; the odd lanes' arguments and results stay
    // apart though one check resolves them all.
    const Outcome r = runCall(false);
    ASSERT_EQ(r.error, "");
    for (std::uint32_t t = 0; t < 32; ++t)
        EXPECT_EQ(r.out[t], t % 2 == 1 ? 2 * t : t + 100) << "thread " << t;
}

TEST(LaneResolution, AParameterReadOutsideTheFrameFaultsNamingTheLowestActiveLane)
{
    const Outcome r = runCall(true);
    EXPECT_NE(r.error.find("param read of size 4 bytes"), std::string::npos) << r.error;
    EXPECT_NE(r.error.find("thread (1,0,0)"), std::string::npos) << r.error;
}

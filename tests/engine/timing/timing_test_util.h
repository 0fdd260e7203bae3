#pragma once

#include "engine/timing/timed_launch.h"

#include "../simt/simt_test_util.h"

namespace timing_testing {

/// Times a corpus copy kernel (offsetCopy/strideCopy: odata, idata, value) with n elements, block 256.
inline engine::timing::TimedLaunch timeCopy(const engine::ptx::Module& m, const char* kernel,
    const engine::DeviceProfile& profile, std::uint32_t n, std::uint32_t elements, std::uint64_t value,
    engine::timing::TimingOptions options = {})
{
    engine::simt::DeviceMemory mem;
    const auto idata = mem.allocate("idata", std::uint64_t { elements } * 4);
    const auto odata = mem.allocate("odata", std::uint64_t { elements } * 4);
    engine::simt::LaunchRequest r;
    r.module = &m;
    r.kernel = static_cast<std::uint32_t>(m.findFunction(kernel));
    r.profile = &profile;
    engine::simt::ParamBlockBuilder p(m.functions[r.kernel]);
    p.set(0, odata);
    p.set(1, idata);
    p.set(2, value);
    r.params = p.bytes();
    r.grid = { n / 256, 1, 1 };
    r.block = { 256, 1, 1 };
    auto timed = engine::timing::runTimedKernel(r, mem, options);
    if (!timed)
        throw std::runtime_error(timed.error().toString());
    return std::move(timed).value();
}

/// timeCopy on a bundled profile.
inline engine::timing::TimedLaunch timeCopy(const engine::ptx::Module& m, const char* kernel, const char* device,
    std::uint32_t n, std::uint32_t elements, std::uint64_t value, engine::timing::TimingOptions options = {})
{
    return timeCopy(m, kernel, testing_fixtures::builtinProfile(device), n, elements, value, options);
}

} // namespace timing_testing

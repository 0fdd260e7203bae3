// The L2 fetch granularity against Nsight Compute on a real H100 (bench/hardware/h100/l2_fetch/, from
// bench/hardware/l2_fetch_on_device.sh): strideCopy at n = 1 M with cudaLimitMaxL2FetchGranularity left at its
// default (64) and set to 32 and 128. The model runs n = 64 K (16 times fewer warps, each making the same
// accesses) from cold caches. Compared: DRAM bytes read minus bytes written. On the H100 the L2 writes back
// half-written sectors while the kernel runs and reads each one first (read-modify-write, l2_cache.h), so
// its reads exceed the loads' fills by what it writes; the difference is the fills alone. The model's 64 K
// launch evicts nothing, so its difference is its fills too.
#include "engine/profiling/ncu_csv.h"
#include "tests/engine/test_paths.h"
#include "timing_test_util.h"

#include <gtest/gtest.h>

using timing_testing::timeCopy;

namespace {

double measuredFills(const engine::NcuKernelRecord& record)
{
    return record.metric("dram__bytes_read.sum").value_or(-1) - record.metric("dram__bytes_write.sum").value_or(0);
}

} // namespace

TEST(L2FetchH100, DramFillsOfStrideCopyFollowTheFetchGranularity)
{
    const auto m = simt_testing::corpus("stride_copy");
    const std::uint32_t n = 1u << 16;
    const double scale = 16; // the H100 ran n = 1 M
    // The ncu exports hold offsetCopy 16 M at offsets 0 and 1, then strideCopy n = 1 M at strides 1-32 (IDs 2-33).
    const std::pair<const char*, int> settings[] = { { "-1", 64 }, { "32", 32 }, { "64", 64 }, { "128", 128 } };
    for (const auto& [file, bytes] : settings) {
        const auto path = testing_paths::sourceDir() / "bench/hardware/h100/l2_fetch" / (std::string("l2_fetch_ncu_") + file + ".csv");
        const auto ncu = engine::loadNcuCsv(path);
        ASSERT_TRUE(ncu.ok()) << ncu.error().toString();
        ASSERT_EQ(ncu->size(), 66u) << path;
        engine::DeviceProfile profile = testing_fixtures::builtinProfile("h100");
        profile.timing.l2FetchBytes = bytes;
        for (const int stride : { 1, 2, 3, 4, 7, 8, 9, 12, 16, 23, 30, 32 }) {
            const auto& record = (*ncu)[static_cast<std::size_t>(1 + stride)];
            ASSERT_NE(record.kernelName.find("strideCopy"), std::string::npos);
            const auto t = timeCopy(m, "strideCopy", profile, n, n * std::uint32_t(stride), std::uint64_t(stride));
            const double modeled = (double(t.dramBytesRead) - double(t.dramBytesWritten)) * scale;
            const double measured = measuredFills(record);
            // Within 5 %: the H100's own counts drift by a few percent between granularities where the chunks
            // make no difference (strides 1-8).
            EXPECT_NEAR(modeled, measured, 0.05 * measured) << "granularity " << bytes << " stride " << stride;
        }
    }
}

TEST(L2FetchH100, TheBundledProfileUsesTheMeasuredDefault)
{
    EXPECT_EQ(testing_fixtures::builtinProfile("h100").timing.l2FetchBytes, 64);
}

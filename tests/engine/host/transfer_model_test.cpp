// The copy model against copies timed with CUDA events on a real H100
// (bench/hardware/h100/copy_bandwidth_probe.csv, made by bench/hardware/run_on_device.sh).
#include "engine/host/transfer_model.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/test_paths.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace {

struct MeasuredCopy {
    bool pinned = false;
    bool hostToDevice = false;
    std::uint64_t bytes = 0;
    double milliseconds = 0;
};

std::vector<MeasuredCopy> readMeasured()
{
    std::ifstream in(testing_paths::sourceDir() / "bench/hardware/h100/copy_bandwidth_probe.csv");
    std::vector<MeasuredCopy> rows;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string tag, kind, direction, bytes, ms;
        std::getline(fields, tag, ',');
        std::getline(fields, kind, ',');
        std::getline(fields, direction, ',');
        std::getline(fields, bytes, ',');
        std::getline(fields, ms, ',');
        if (tag == "copy")
            rows.push_back({ kind == "pinned", direction == "h2d", std::stoull(bytes), std::stod(ms) });
    }
    return rows;
}

TEST(TransferModel, PinnedCopiesFrom1MBMatchTheH100Within10Percent)
{
    const auto& h100 = testing_fixtures::builtinProfile("h100");
    int compared = 0;
    for (const auto& row : readMeasured()) {
        if (!row.pinned || row.bytes < (1u << 20))
            continue;
        const auto kind = row.hostToDevice ? engine::DeviceOpKind::MemcpyHostToDevice : engine::DeviceOpKind::MemcpyDeviceToHost;
        const double modeledUs = engine::transferDurationUs(h100, kind, row.bytes, true);
        EXPECT_NEAR(modeledUs / (row.milliseconds * 1e3), 1.0, 0.10) << row.bytes << " bytes, h2d " << row.hostToDevice;
        ++compared;
    }
    EXPECT_EQ(compared, 6);
}

TEST(TransferModel, LargePageableCopiesMatchTheH100Within10Percent)
{
    const auto& h100 = testing_fixtures::builtinProfile("h100");
    for (const auto& row : readMeasured()) {
        if (row.pinned || row.bytes != (256u << 20))
            continue;
        const auto kind = row.hostToDevice ? engine::DeviceOpKind::MemcpyHostToDevice : engine::DeviceOpKind::MemcpyDeviceToHost;
        EXPECT_NEAR(engine::transferDurationUs(h100, kind, row.bytes, false) / (row.milliseconds * 1e3), 1.0, 0.10);
    }
}

TEST(TransferModel, SmallCopiesAreDominatedByTheFixedCost)
{
    // best-practices-guide-v8.0.txt §9.1: batching many small transfers into one performs better.
    const auto& v100 = testing_fixtures::builtinProfile("v100");
    const double many = 64 * engine::transferDurationUs(v100, engine::DeviceOpKind::MemcpyHostToDevice, 4096, true);
    const double one = engine::transferDurationUs(v100, engine::DeviceOpKind::MemcpyHostToDevice, 64 * 4096, true);
    EXPECT_GT(many, 10 * one);
    // Pinned reaches ≈12 GB/s on PCIe Gen3 (best-practices-guide-current.txt §9.1.1).
    const double bigUs = engine::transferDurationUs(v100, engine::DeviceOpKind::MemcpyHostToDevice, 1'200'000'000, true);
    EXPECT_NEAR(1.2e9 / (bigUs * 1e3), 12.0, 0.01);
}

} // namespace

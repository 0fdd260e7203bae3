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

TEST(TransferModel, AsynchronousPinnedCopiesPayTheAsynchronousCost)
{
    // bench/hardware/h100/queued_copy_probe.csv: a lone pinned cudaMemcpyAsync of 2 MiB H2D takes 42.6 us
    // with events in its stream; the model: 4.6 us + 2 MiB at 53.4 GB/s = 43.9 us (3 %), where the
    // synchronous cost would give 48.3 us (13 %).
    const auto& h100 = testing_fixtures::builtinProfile("h100");
    const auto h2d = engine::DeviceOpKind::MemcpyHostToDevice;
    const double async = engine::transferDurationUs(h100, h2d, 2u << 20, true, engine::CopyCall::Asynchronous);
    EXPECT_NEAR(async, 4.6 + 2097152.0 / 53.4e3, 1e-9);
    EXPECT_NEAR(async / 42.6, 1.0, 0.05);
    EXPECT_NEAR(engine::transferDurationUs(h100, h2d, 2u << 20, true), 9.0 + 2097152.0 / 53.4e3, 1e-9);
    // Pageable copies are staged synchronously whatever the call (best-practices-guide-v8.0.txt §9.1.2).
    EXPECT_DOUBLE_EQ(engine::transferDurationUs(h100, h2d, 4096, false, engine::CopyCall::Asynchronous),
        engine::transferDurationUs(h100, h2d, 4096, false, engine::CopyCall::Synchronous));
    // A profile without the asynchronous cost uses the synchronous one.
    const auto& v100 = testing_fixtures::builtinProfile("v100");
    EXPECT_DOUBLE_EQ(engine::transferDurationUs(v100, h2d, 4096, true, engine::CopyCall::Asynchronous),
        engine::transferDurationUs(v100, h2d, 4096, true));
}

} // namespace

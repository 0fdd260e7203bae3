// Compares the calculator with cudaOccupancyMaxActiveBlocksPerMultiprocessor measured on a real H100
// (bench/hardware/h100/occupancy_probe.csv, made by bench/hardware/run_on_device.sh): every row must match.
#include "engine/occupancy/occupancy_calculator.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/test_paths.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace {

struct MeasuredRow {
    int registers = 0;
    int threads = 0;
    int sharedBytes = 0;
    int blocks = 0; ///< -1 when the runtime refused the configuration
};

std::vector<MeasuredRow> readMeasured()
{
    std::ifstream in(testing_paths::sourceDir() / "bench/hardware/h100/occupancy_probe.csv");
    std::vector<MeasuredRow> rows;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.starts_with("occ,"))
            continue;
        std::istringstream fields(line.substr(4));
        MeasuredRow row;
        char comma = 0;
        fields >> row.registers >> comma >> row.threads >> comma >> row.sharedBytes >> comma >> row.blocks;
        rows.push_back(row);
    }
    return rows;
}

TEST(OccupancyH100Measured, EveryMeasuredConfigurationMatches)
{
    const auto rows = readMeasured();
    ASSERT_GT(rows.size(), 4000u);
    const auto& h100 = testing_fixtures::builtinProfile("h100");
    int mismatches = 0;
    for (const auto& row : rows) {
        const auto result = engine::calculateOccupancy(h100, { row.threads, row.registers, row.sharedBytes });
        const int modeled = result.ok() ? result->blocksPerSm : -1;
        if (modeled != row.blocks && ++mismatches <= 10) {
            ADD_FAILURE() << "regs " << row.registers << ", block " << row.threads << ", smem " << row.sharedBytes
                          << ": measured " << row.blocks << ", modeled " << modeled;
        }
    }
    EXPECT_EQ(mismatches, 0);
}

TEST(OccupancyH100Measured, DoneCriterionFromTheIssue)
{
    // warpscope-cli occupancy --device h100 --block 256 --regs 32 --smem 0 gives 8 blocks per SM.
    const auto r = engine::calculateOccupancy(testing_fixtures::builtinProfile("h100"), { 256, 32, 0 });
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->blocksPerSm, 8);
    EXPECT_DOUBLE_EQ(r->occupancy, 1.0);
}

} // namespace

// ECC on GDDR memory: about 20 % of the bandwidth and 6.25 % of the memory go to the checksums; HBM has dedicated
// ECC resources (best-practices-guide-v8.0.txt §8.2.1, best-practices-guide-current.txt §8.2.1).
#include "engine/device/profile_parser.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "engine/host/kernel_executor.h"
#include "engine/timing/dram_model.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

namespace {

using testing_fixtures::builtinProfile;

TEST(Ecc, GddrLosesAFifthOfItsBandwidthAndHbmNothing)
{
    // The M2090 of best-practices-guide-v8.0.txt §8.2.1: 177.6 GB/s theoretical, measured with ECC on.
    const auto& m2090 = builtinProfile("m2090");
    ASSERT_TRUE(m2090.memory.ecc);
    EXPECT_NEAR(engine::theoreticalBandwidthGBps(m2090.memory) * engine::eccBandwidthFactor(m2090.memory), 142.08, 1e-9);
    // The V100's HBM2 with ECC on: "overhead-free ECC protection" (best-practices-guide-current.txt §8.2.1).
    const auto& v100 = builtinProfile("v100");
    ASSERT_TRUE(v100.memory.ecc);
    EXPECT_EQ(engine::eccBandwidthFactor(v100.memory), 1.0);
    // The K20X, whose results the guide measured "with ECC off" (best-practices-guide-v8.0.txt §9.2.2.2).
    EXPECT_FALSE(builtinProfile("k20x").memory.ecc);
    EXPECT_EQ(engine::eccBandwidthFactor(builtinProfile("k20x").memory), 1.0);
}

TEST(Ecc, GddrKeepsSixteenthOfItsMemoryForTheEccBits)
{
    const auto& m2090 = builtinProfile("m2090"); // 6 GiB
    EXPECT_EQ(engine::usableMemoryBytes(m2090.memory), 6442450944ull / 16 * 15);
    EXPECT_EQ(engine::usableMemoryBytes(builtinProfile("h100").memory), builtinProfile("h100").memory.bytes);
}

TEST(Ecc, DramTakesAQuarterLongerForTheSameBytes)
{
    // 1 MiB through an idle DRAM: 1 / 0.8 of the time without ECC.
    auto off = builtinProfile("m2090");
    off.memory.ecc = false;
    engine::timing::DramModel withEcc(builtinProfile("m2090"));
    engine::timing::DramModel withoutEcc(off);
    const auto latency = static_cast<double>(off.timing.dramLatencyCycles);
    const double on = static_cast<double>(withEcc.read(0, 1 << 20)) - latency;
    const double plain = static_cast<double>(withoutEcc.read(0, 1 << 20)) - latency;
    EXPECT_NEAR(on / plain, 1.25, 0.001);
}

TEST(Ecc, TheProfileKeyIsABoolean)
{
    std::ifstream in(testing_paths::sourceDir() / "resources/devices/m2090.json");
    auto json = nlohmann::json::parse(in);
    json["memory"]["ecc"] = "on";
    const auto result = engine::parseDeviceProfile(json.dump(2), "m2090-ecc.json");
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().location.jsonPath, "/memory/ecc");
    json["memory"].erase("ecc");
    json["sources"].erase("memory.ecc");
    const auto absent = engine::parseDeviceProfile(json.dump(2), "m2090-no-ecc-key.json");
    ASSERT_TRUE(absent.ok()) << absent.error().toString();
    EXPECT_FALSE(absent->memory.ecc); // off unless the profile says so
}

TEST(Ecc, BuffersBeyondTheUsableMemoryAreAnErrorNamingTheBuffer)
{
    // Two buffers of 3.2 GB fit the M2090's 6 GiB, not the 5.6 GiB left with ECC on.
    const auto scenario = testing_paths::sourceDir() / "resources/scenarios/offset_copy.json";
    const auto prepared = engine::prepareScenario(scenario, "m2090", { { "n", 805306368 } }, testing_fixtures::builtinCatalog());
    ASSERT_TRUE(prepared.ok()) << prepared.error().toString();
    engine::FunctionalExecutor executor;
    const auto report = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor);
    ASSERT_FALSE(report.ok());
    EXPECT_EQ(report.error().location.jsonPath, "/buffers/odata");
    EXPECT_NE(report.error().message.find("has 6039797760 (of 6442450944; ECC bits hold the rest)"), std::string::npos)
        << report.error().message;
}

} // namespace

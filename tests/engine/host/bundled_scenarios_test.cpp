// Every bundled scenario parses and resolves, with its defaults and with the sweep ranges the issues name.
#include "engine/host/scenario_parser.h"
#include "engine/host/scenario_resolver.h"
#include "tests/engine/test_paths.h"

#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;

TEST(BundledScenarios, AllParseAndResolve)
{
    int count = 0;
    for (const auto& entry : fs::recursive_directory_iterator(testing_paths::sourceDir() / "resources/scenarios")) {
        if (entry.path().extension() != ".json")
            continue;
        const auto spec = engine::loadScenarioFile(entry.path());
        ASSERT_TRUE(spec.ok()) << spec.error().toString();
        EXPECT_TRUE(fs::exists(spec->module)) << spec->module;
        const auto resolved = engine::resolveScenario(*spec);
        EXPECT_TRUE(resolved.ok()) << resolved.error().toString();
        ++count;
    }
    EXPECT_GE(count, 9);
}

TEST(BundledScenarios, OffsetAndStrideSweepRangesResolve)
{
    const auto dir = testing_paths::sourceDir() / "resources/scenarios";
    const auto offset = engine::loadScenarioFile(dir / "offset_copy.json");
    ASSERT_TRUE(offset.ok());
    for (std::int64_t o = 0; o <= 32; ++o)
        EXPECT_TRUE(engine::resolveScenario(*offset, { { "offset", o } }).ok()) << o;
    const auto stride = engine::loadScenarioFile(dir / "stride_copy.json");
    ASSERT_TRUE(stride.ok());
    for (std::int64_t s = 1; s <= 32; ++s)
        EXPECT_TRUE(engine::resolveScenario(*stride, { { "stride", s } }).ok()) << s;
}

} // namespace

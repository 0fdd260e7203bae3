#include "engine/host/scenario_parser.h"
#include "engine/host/scenario_resolver.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using nlohmann::json;

/// The offset-copy scenario of DESIGN.md, as a test fixture.
json offsetCopy()
{
    return json::parse(R"json({
      "warpscope": 1,
      "name": "Offset copy",
      "module": "../kernels/offset_copy.cu",
      "device": "v100",
      "params": {"n": 16777216, "offset": 0},
      "buffers": {
        "idata": {"type": "f32", "count": "n + 32", "init": "iota"},
        "odata": {"type": "f32", "count": "n + 32", "init": "zero"}
      },
      "host": {
        "h_in": {"type": "f32", "count": "n + 32", "pinned": true, "init": "random:42"}
      },
      "steps": [
        {"memcpy": {"dst": "idata", "src": "h_in", "bytes": "4 * (n + 32)"}},
        {"launch": {"kernel": "offsetCopy", "grid": ["n / 256"], "block": [256],
                    "args": ["odata", "idata", "offset"]}},
        {"synchronize": {}}
      ]
    })json");
}

engine::Error parseError(const json& document)
{
    auto result = engine::parseScenario(document.dump(), "/s/offset.json");
    EXPECT_FALSE(result.ok());
    return result.ok() ? engine::Error {} : result.error();
}

engine::Error resolveError(const json& document, const engine::ParamValues& overrides = {})
{
    auto spec = engine::parseScenario(document.dump(), "/s/offset.json");
    EXPECT_TRUE(spec.ok()) << (spec.ok() ? "" : spec.error().toString());
    auto result = engine::resolveScenario(spec.value(), overrides);
    EXPECT_FALSE(result.ok());
    return result.ok() ? engine::Error {} : result.error();
}

TEST(Scenario, TheDesignExampleParsesAndResolves)
{
    auto spec = engine::parseScenario(offsetCopy().dump(), "/s/offset.json");
    ASSERT_TRUE(spec.ok()) << spec.error().toString();
    EXPECT_EQ(spec->module, "/s/../kernels/offset_copy.cu");
    auto resolved = engine::resolveScenario(*spec, { { "offset", 5 } });
    ASSERT_TRUE(resolved.ok()) << resolved.error().toString();
    ASSERT_EQ(resolved->buffers.size(), 3u);
    const auto idata = *resolved->findBuffer("idata");
    EXPECT_EQ(resolved->buffers[idata].bytes, 4u * (16777216 + 32));
    const auto& copy = std::get<engine::MemcpyOp>(resolved->steps[0].op);
    EXPECT_EQ(copy.direction, engine::CopyDirection::HostToDevice);
    EXPECT_EQ(copy.bytes, 4u * (16777216 + 32));
    const auto& launch = std::get<engine::LaunchOp>(resolved->steps[1].op);
    EXPECT_EQ(launch.grid, (engine::Dim3 { 65536, 1, 1 }));
    EXPECT_EQ(launch.block, (engine::Dim3 { 256, 1, 1 }));
    ASSERT_EQ(launch.args.size(), 3u);
    EXPECT_EQ(launch.args[0].kind, engine::KernelArg::Kind::BufferAddress);
    EXPECT_EQ(launch.args[2].kind, engine::KernelArg::Kind::Integer);
    EXPECT_EQ(launch.args[2].integer, 5);
}

TEST(Scenario, TyposAreErrorsWithTheirPath)
{
    auto doc = offsetCopy();
    doc["buffers"]["idata"]["cout"] = 3;
    EXPECT_EQ(parseError(doc).toString(), "/s/offset.json: /buffers/idata/cout: unknown key");
    doc = offsetCopy();
    doc["steps"][1]["launch"]["blok"] = json::array({ 256 });
    EXPECT_EQ(parseError(doc).location.jsonPath, "/steps/1/launch/blok");
    doc = offsetCopy();
    doc["steps"][2] = json::parse(R"({"synchronise": {}})");
    EXPECT_EQ(parseError(doc).location.jsonPath, "/steps/2/synchronise");
    doc = offsetCopy();
    doc["buffers"]["idata"]["type"] = "float";
    EXPECT_EQ(parseError(doc).location.jsonPath, "/buffers/idata/type");
    doc = offsetCopy();
    doc["buffers"]["idata"]["init"] = "random";
    EXPECT_EQ(parseError(doc).location.jsonPath, "/buffers/idata/init");
    doc = offsetCopy();
    doc["warpscope"] = 2;
    EXPECT_EQ(parseError(doc).location.jsonPath, "/warpscope");
}

TEST(Scenario, StreamIdMustBeAnInteger)
{
    auto doc = offsetCopy();
    doc["steps"][1]["launch"]["stream"] = "one";
    const auto error = parseError(doc);
    EXPECT_EQ(error.location.jsonPath, "/steps/1/launch/stream");
    EXPECT_EQ(error.message, "a stream id must be an integer, found string");
}

TEST(Scenario, MalformedJsonNamesLine)
{
    auto result = engine::parseScenario("{\n \"warpscope\": 1,\n \"name\": \n}", "/s/bad.json");
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().location.line, 4u);
}

TEST(Scenario, CopyLargerThanItsBufferNamesTheStep)
{
    auto doc = offsetCopy();
    doc["steps"][0]["memcpy"]["bytes"] = "4 * (n + 33)";
    const auto error = resolveError(doc);
    EXPECT_EQ(error.location.jsonPath, "/steps/0/memcpy/bytes");
    EXPECT_EQ(error.message, "copies 67108996 bytes at offset 0 into 'idata' of 67108992 bytes");
}

TEST(Scenario, WaitOnAnEventNeverRecordedIsAnError)
{
    auto doc = offsetCopy();
    doc["steps"].insert(doc["steps"].begin(), json::parse(R"({"wait": {"stream": 1, "event": "copied"}})"));
    const auto error = resolveError(doc);
    EXPECT_EQ(error.location.jsonPath, "/steps/0/wait/event");
    EXPECT_EQ(error.message, "waits on event 'copied', which no earlier step records");
}

TEST(Scenario, UnknownNamesAndBadExpressions)
{
    auto doc = offsetCopy();
    doc["steps"][1]["launch"]["args"][2] = "offset + m";
    EXPECT_EQ(resolveError(doc).toString(),
        "/s/offset.json: /steps/1/launch/args/2: in expression \"offset + m\" at column 10: unknown parameter 'm'");
    doc = offsetCopy();
    doc["steps"][0]["memcpy"]["src"] = "h_out";
    EXPECT_EQ(resolveError(doc).location.jsonPath, "/steps/0/memcpy/src");
    doc = offsetCopy();
    doc["steps"][1]["launch"]["grid"] = json::array({ "n / 0" });
    EXPECT_EQ(resolveError(doc).location.jsonPath, "/steps/1/launch/grid/0");
    EXPECT_EQ(resolveError(offsetCopy(), { { "ofset", 1 } }).message,
        "--set ofset: the scenario has no parameter 'ofset'");
}

TEST(Scenario, PageableHostMemoryCannotBeAKernelArgument)
{
    auto doc = offsetCopy();
    doc["host"]["h_in"]["pinned"] = false;
    doc["steps"][1]["launch"]["args"][1] = "h_in";
    EXPECT_EQ(resolveError(doc).location.jsonPath, "/steps/1/launch/args/1");
}

TEST(Scenario, TypedLiteralsAndBufferOffsets)
{
    auto doc = offsetCopy();
    doc["steps"][1]["launch"]["args"] = json::parse(
        R"json([{"buffer": "odata", "offset": "4 * offset"}, {"f32": 1.5}, {"f64": -2.25}, {"u64": 18446744073709551615}])json");
    auto spec = engine::parseScenario(doc.dump(), "/s/offset.json");
    ASSERT_TRUE(spec.ok()) << spec.error().toString();
    auto resolved = engine::resolveScenario(*spec, { { "offset", 2 } });
    ASSERT_TRUE(resolved.ok()) << resolved.error().toString();
    const auto& args = std::get<engine::LaunchOp>(resolved->steps[1].op).args;
    EXPECT_EQ(args[0].offset, 8u);
    EXPECT_EQ(args[1].kind, engine::KernelArg::Kind::F32);
    EXPECT_DOUBLE_EQ(args[2].real, -2.25);
    EXPECT_EQ(args[3].u64, 18446744073709551615ull);
}

} // namespace

// Scenario "nvcc" settings and memcpy_to_symbol / memcpy_from_symbol steps: parsed, resolved, run.
#include "engine/host/scenario_parser.h"
#include "engine/host/scenario_resolver.h"
#include "engine/host/scenario_runner.h"
#include "engine/ptx/parser.h"
#include "tests/engine/device_fixtures.h"

#include <cstring>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using nlohmann::json;

// nvcc's PTX for `__constant__ float c_taps[4]; __device__ unsigned d_hits = 5;
// __global__ void scaleByTap(float* out) { out[threadIdx.x] = c_taps[threadIdx.x % 4]; atomicAdd(&d_hits, 1u); }`.
constexpr const char* kPtx = R"(.version 8.5
.target sm_80
.address_size 64
.const .align 4 .b8 c_taps[16];
.global .align 4 .u32 d_hits = 5;
.visible .entry _Z10scaleByTapPf(.param .u64 out)
{
.reg .b32 %r<4>;
.reg .f32 %f<2>;
.reg .b64 %rd<8>;
ld.param.u64 %rd1, [out];
cvta.to.global.u64 %rd2, %rd1;
mov.u32 %r1, %tid.x;
and.b32 %r2, %r1, 3;
mul.wide.u32 %rd3, %r2, 4;
mov.u64 %rd4, c_taps;
add.s64 %rd5, %rd4, %rd3;
ld.const.f32 %f1, [%rd5];
mul.wide.u32 %rd6, %r1, 4;
add.s64 %rd7, %rd2, %rd6;
st.global.f32 [%rd7], %f1;
atom.global.add.u32 %r3, [d_hits], 1;
ret;
}
)";

json scenario()
{
    return json::parse(R"json({
      "warpscope": 1,
      "module": "taps.ptx",
      "nvcc": {"include_dirs": ["include", "../common"], "defines": {"TILE": 16, "MODE": "fast"}, "flags": ["-O3"]},
      "buffers": {"d_out": {"type": "f32", "count": 32}},
      "host": {"h_taps": {"type": "f32", "count": 4, "init": "iota"}, "h_hits": {"type": "u32", "count": 1}},
      "steps": [
        {"memcpy_to_symbol": {"symbol": "c_taps", "src": "h_taps", "bytes": 12, "offset": 4}},
        {"launch": {"kernel": "scaleByTap", "grid": [1], "block": [32], "args": ["d_out"]}},
        {"memcpy_from_symbol": {"dst": "h_hits", "symbol": "d_hits", "bytes": 4}}
      ]
    })json");
}

engine::Result<engine::RunReport> run(const json& document)
{
    auto spec = engine::parseScenario(document.dump(), "/s/taps.json");
    EXPECT_TRUE(spec.ok()) << (spec.ok() ? "" : spec.error().toString());
    auto resolved = engine::resolveScenario(spec.value(), {});
    if (!resolved)
        return resolved.error();
    auto module = engine::ptx::parsePtx(kPtx, "taps.ptx");
    EXPECT_TRUE(module.ok()) << (module.ok() ? "" : module.error().toString());
    engine::FunctionalExecutor executor;
    return engine::runScenario(*resolved, *module, testing_fixtures::builtinProfile("h100"), executor);
}

TEST(SymbolSteps, NvccSettingsAreReadRelativeToTheScenario)
{
    auto spec = engine::parseScenario(scenario().dump(), "/proj/scenarios/taps.json");
    ASSERT_TRUE(spec.ok()) << spec.error().toString();
    EXPECT_EQ(spec->nvcc.includeDirs, (std::vector<std::filesystem::path> {"/proj/scenarios/include", "/proj/common"}));
    ASSERT_EQ(spec->nvcc.defines.size(), 2u);
    EXPECT_EQ(spec->nvcc.defines[0], (std::pair<std::string, std::string> {"MODE", "fast"}));
    EXPECT_EQ(spec->nvcc.defines[1], (std::pair<std::string, std::string> {"TILE", "16"}));
    EXPECT_EQ(spec->nvcc.flags, (std::vector<std::string> {"-O3"}));

    auto doc = scenario();
    doc["nvcc"]["include"] = json::array({"x"});
    EXPECT_EQ(
        engine::parseScenario(doc.dump(), "/s/t.json").error().toString(), "/s/t.json: /nvcc/include: unknown key");
    doc = scenario();
    doc["nvcc"]["defines"]["2BAD"] = 1;
    EXPECT_NE(engine::parseScenario(doc.dump(), "/s/t.json").error().toString().find("/nvcc/defines/2BAD"),
        std::string::npos);
    doc = scenario();
    doc["nvcc"]["flags"] = "-O3";
    EXPECT_NE(engine::parseScenario(doc.dump(), "/s/t.json").error().toString().find("/nvcc/flags: expected an array"),
        std::string::npos);
}

TEST(SymbolSteps, CopiesReachTheKernelAndComeBack)
{
    const auto report = run(scenario());
    ASSERT_TRUE(report.ok()) << report.error().toString();
    // c_taps = {0, 0, 1, 2}: 12 bytes of h_taps (0, 1, 2) at offset 4; lane i reads c_taps[i % 4].
    const auto& out = report->buffers[0];
    ASSERT_EQ(out.name, "d_out");
    float values[32];
    std::memcpy(values, out.bytes.data(), sizeof values);
    for (int lane = 0; lane < 32; ++lane)
        EXPECT_EQ(values[lane], (lane % 4 == 0) ? 0.0f : static_cast<float>(lane % 4 - 1)) << lane;
    // d_hits started at its initializer 5; 32 threads added one each; memcpy_from_symbol brought it back.
    std::uint32_t hits = 0;
    ASSERT_EQ(report->buffers[1].name, "h_hits"); // JSON objects are read in name order
    std::memcpy(&hits, report->buffers[1].bytes.data(), 4);
    EXPECT_EQ(hits, 37u);
    std::uint32_t symbolHits = 0;
    std::memcpy(&symbolHits, report->symbols.at(1).bytes.data(), 4);
    EXPECT_EQ(symbolHits, 37u);
    ASSERT_EQ(report->symbols.size(), 2u);
    EXPECT_EQ(report->symbols[0].name, "c_taps");
    EXPECT_EQ(report->symbols[1].name, "d_hits");
    // The copies are on the timeline as host-to-device and device-to-host transfers.
    ASSERT_EQ(report->timeline.size(), 3u);
    EXPECT_EQ(report->timeline[0].op.name, "h_taps -> c_taps");
    EXPECT_EQ(report->timeline[0].op.kind, engine::DeviceOpKind::MemcpyHostToDevice);
    EXPECT_EQ(report->timeline[2].op.name, "d_hits -> h_hits");
    EXPECT_EQ(report->timeline[2].op.kind, engine::DeviceOpKind::MemcpyDeviceToHost);
}

TEST(SymbolSteps, BadSymbolsNameTheStep)
{
    auto doc = scenario();
    doc["steps"][0]["memcpy_to_symbol"]["symbol"] = "c_tapz";
    auto report = run(doc);
    ASSERT_FALSE(report.ok());
    EXPECT_EQ(report.error().toString(),
        "/s/taps.json: /steps/0/memcpy_to_symbol/symbol: no __constant__ or __device__ "
        "variable 'c_tapz' in taps.ptx (symbols: c_taps, d_hits)");
    doc = scenario();
    doc["steps"][0]["memcpy_to_symbol"]["offset"] = 8;
    report = run(doc);
    ASSERT_FALSE(report.ok());
    EXPECT_EQ(report.error().toString(),
        "/s/taps.json: /steps/0/memcpy_to_symbol/bytes: copies 12 bytes at offset 8 into 'c_taps' of 16 bytes");
    doc = scenario();
    doc["steps"][2]["memcpy_from_symbol"]["bytes"] = 8;
    report = run(doc);
    ASSERT_FALSE(report.ok());
    EXPECT_NE(report.error().toString().find("/steps/2/memcpy_from_symbol/bytes"), std::string::npos);
    doc = scenario();
    doc["steps"][2]["memcpy_from_symbol"]["dst"] = "h_nothing";
    report = run(doc);
    ASSERT_FALSE(report.ok());
    EXPECT_EQ(report.error().toString(), "/s/taps.json: /steps/2/memcpy_from_symbol/dst: no buffer named 'h_nothing'");
    doc = scenario();
    doc["steps"][0]["memcpy_to_symbol"]["sym"] = "c_taps";
    EXPECT_EQ(engine::parseScenario(doc.dump(), "/s/taps.json").error().toString(),
        "/s/taps.json: /steps/0/memcpy_to_symbol/sym: unknown key");
}

} // namespace

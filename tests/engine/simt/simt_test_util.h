#pragma once

#include "../device_fixtures.h"
#include "../test_paths.h"
#include "engine/ptx/parser.h"
#include "engine/simt/launch.h"

#include <cstring>
#include <fstream>
#include <gtest/gtest.h>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace simt_testing {

/// Parses PTX text; fails the test (and throws) when it does not parse.
inline engine::ptx::Module parse(const std::string& text, const std::string& name = "test.ptx")
{
    auto r = engine::ptx::parsePtx(text, name);
    if (!r)
        throw std::runtime_error("PTX did not parse: " + r.error().toString());
    return std::move(r).value();
}

/// A corpus kernel's PTX (resources/kernels/ARCH/NAME.ptx; sm_80 unless the kernel needs another).
inline engine::ptx::Module corpus(const std::string& name, const std::string& arch = "sm_80")
{
    const auto path = testing_paths::sourceDir() / "resources" / "kernels" / arch / (name + ".ptx");
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return parse(s.str(), name + ".ptx");
}

/// Allocates a buffer holding `values`.
template <typename T>
std::uint64_t upload(engine::simt::DeviceMemory& mem, const std::string& name, const std::vector<T>& values)
{
    const std::uint64_t a = mem.allocate(name, values.size() * sizeof(T));
    if (!values.empty())
        std::memcpy(mem.bytes(a).data(), values.data(), values.size() * sizeof(T));
    return a;
}

template <typename T>
std::vector<T> download(engine::simt::DeviceMemory& mem, std::uint64_t address)
{
    auto bytes = mem.bytes(address);
    std::vector<T> out(bytes.size() / sizeof(T));
    std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
    return out;
}

/// One launch argument: an integer or address (stored in the parameter's width), or float bits.
struct Arg {
    std::uint64_t bits;
    static Arg f32(float v)
    {
        std::uint32_t b;
        std::memcpy(&b, &v, 4);
        return { b };
    }
    static Arg f64(double v)
    {
        std::uint64_t b;
        std::memcpy(&b, &v, 8);
        return { b };
    }
};

struct Shape {
    std::array<std::uint32_t, 3> grid { 1, 1, 1 };
    std::array<std::uint32_t, 3> block { 1, 1, 1 };
    std::uint32_t dynamicShared = 0;
    std::uint64_t budget = 1'000'000'000;
};

inline engine::Result<engine::simt::LaunchStats> launch(const engine::ptx::Module& m, const std::string& kernel,
    const Shape& shape, const std::vector<Arg>& args, engine::simt::DeviceMemory& mem,
    engine::simt::ExecutionObserver* observer = nullptr)
{
    const int index = m.findFunction(kernel);
    if (index < 0)
        throw std::runtime_error("no kernel " + kernel);
    const auto& fn = m.functions[static_cast<std::size_t>(index)];
    engine::simt::ParamBlockBuilder params(fn);
    for (std::size_t i = 0; i < args.size(); ++i)
        params.set(i, args[i].bits);
    engine::simt::LaunchRequest r;
    r.module = &m;
    r.kernel = static_cast<std::uint32_t>(index);
    r.grid = shape.grid;
    r.block = shape.block;
    r.dynamicSharedBytes = shape.dynamicShared;
    r.params = params.bytes();
    r.profile = &testing_fixtures::builtinProfile("h100");
    r.instructionBudget = shape.budget;
    return engine::simt::runKernel(r, mem, observer);
}

/// A one-kernel module `k(.param .u64 out)`: each thread runs `body`, which leaves a 64-bit result in
/// %rd9 (or a 32-bit one in %r8 when `result32`), stored to out[tid.x]. Registers available: %r0-%r7,
/// %rd0-%rd8, %p0-%p7, %f0-%f9, %fd0-%fd9, %rs0-%rs9, %h0-%h3 (.b16).
inline std::string scalarKernel(const std::string& body, bool result32 = true)
{
    return std::string(R"(
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
    .reg .b32 %r<12>;
    .reg .b64 %rd<12>;
    .reg .pred %p<8>;
    .reg .f32 %f<10>;
    .reg .f64 %fd<10>;
    .reg .b16 %rs<10>;
    ld.param.u64 %rd10, [out];
    mov.u32 %r10, %tid.x;
    mul.wide.u32 %rd11, %r10, 8;
    add.s64 %rd10, %rd10, %rd11;
    mov.u64 %rd9, 0;
    mov.u32 %r8, 0;
)") + body + (result32 ? "\n    cvt.u64.u32 %rd9, %r8;\n" : "\n")
        + R"(    st.global.u64 [%rd10], %rd9;
    ret;
}
)";
}

/// Runs scalarKernel(body) with `threads` threads; returns each thread's result.
inline std::vector<std::uint64_t> evalLanes(const std::string& body, std::uint32_t threads = 1, bool result32 = true)
{
    const auto m = parse(scalarKernel(body, result32));
    engine::simt::DeviceMemory mem;
    const std::uint64_t out = mem.allocate("out", threads * 8u);
    Shape s;
    s.block = { threads, 1, 1 };
    auto r = launch(m, "k", s, { { out } }, mem);
    if (!r)
        throw std::runtime_error("launch failed: " + r.error().toString());
    return download<std::uint64_t>(mem, out);
}

inline std::uint64_t eval32(const std::string& body) { return evalLanes(body, 1, true)[0]; }
inline std::uint64_t eval64(const std::string& body) { return evalLanes(body, 1, false)[0]; }

inline float f32Of(std::uint64_t bits)
{
    float f;
    const auto b = static_cast<std::uint32_t>(bits);
    std::memcpy(&f, &b, 4);
    return f;
}

inline double f64Of(std::uint64_t bits)
{
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
}

/// `n` floats drawn uniformly from [lo, hi) by a Mersenne twister seeded with `seed`.
inline std::vector<float> randomFloats(std::size_t n, unsigned seed, float lo = -1.0f, float hi = 1.0f)
{
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(lo, hi);
    std::vector<float> v(n);
    for (auto& x : v)
        x = dist(gen);
    return v;
}

} // namespace simt_testing

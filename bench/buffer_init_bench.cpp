// How fast a scenario's buffers are made: a 16 M-element buffer zeroed, and filled as iota, random and a fill
// value (engine/host/buffer_contents.h), on one thread. These run before a launch's first instruction, on
// however many threads the run has; the 16 M offset copy makes four such buffers.
#include "engine/common/huge_pages.h"
#include "engine/host/buffer_contents.h"

#include <benchmark/benchmark.h>

namespace {

constexpr std::uint64_t kElements = std::uint64_t { 1 } << 24;

engine::ResolvedBuffer buffer(engine::ElementType type, engine::BufferInit::Kind kind)
{
    engine::BufferInit init;
    init.kind = kind;
    init.seed = 42;
    init.fillValue = 3;
    return engine::ResolvedBuffer { "b", type, kElements, kElements * engine::elementBytes(type), init, false, false };
}

void fill(benchmark::State& state, engine::ElementType type, engine::BufferInit::Kind kind)
{
    const engine::ResolvedBuffer b = buffer(type, kind);
    std::vector<std::uint8_t> bytes = engine::zeroedByteVector(b.bytes);
    for (auto _ : state) {
        (void)engine::writeInitialContents(b, bytes, 1);
        benchmark::DoNotOptimize(bytes.data());
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kElements));
}

void zeroed(benchmark::State& state)
{
    for (auto _ : state) {
        std::vector<std::uint8_t> bytes = engine::zeroedByteVector(kElements * 4, 1);
        benchmark::DoNotOptimize(bytes.data());
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kElements));
}

} // namespace

BENCHMARK_CAPTURE(fill, iota_f32, engine::ElementType::F32, engine::BufferInit::Kind::Iota)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(fill, random_f32, engine::ElementType::F32, engine::BufferInit::Kind::Random)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(fill, random_f64, engine::ElementType::F64, engine::BufferInit::Kind::Random)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(fill, random_u32, engine::ElementType::U32, engine::BufferInit::Kind::Random)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(fill, random_f16, engine::ElementType::F16, engine::BufferInit::Kind::Random)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(fill, fill_i32, engine::ElementType::I32, engine::BufferInit::Kind::Fill)->Unit(benchmark::kMillisecond);
BENCHMARK(zeroed)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();

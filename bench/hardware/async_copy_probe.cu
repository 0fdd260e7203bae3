// The bundled asynchronous-copy kernels (resources/kernels/async_copy.cu) on a real GPU with the inputs warpscope
// used, so outputs compare bit for bit and times and counters side by side (docs/async_copies.md).
//   async_copy_probe run DIR    reads DIR/tiles_in.bin (the scenario's f32 input, from warpscope-cli --dump);
//                               writes DIR/<kernel>.bin and prints kernel,median_us of 21 timed launches
//   async_copy_probe once DIR   launches each kernel once (for ncu)
// Sizes are the scenario's defaults: tiles 512, blocks 132, n 65536, bounded 65000.
#include "probe_io.h"
#include "probe_timing.h"

#include <functional>
#include <string>
#include <vector>

// The kernel file's headers first, outside the namespace (their include guards keep them out of it).
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda_pipeline.h>

namespace ac {
#include "../../resources/kernels/async_copy.cu"
}

namespace {

constexpr int kTiles = 512;
constexpr int kBlocks = 132;
constexpr int kN = 65536;
constexpr int kBounded = 65000;

struct Case {
    const char* name;
    std::function<void()> launch;
    void* out;
    size_t bytes;
};

int run(const std::string& dir, bool timed)
{
    const std::vector<char> tilesIn = readFile(dir + "/tiles_in.bin");
    const size_t tileBytes = size_t(kTiles) * 256 * 16;
    if (tilesIn.size() != tileBytes) {
        std::fprintf(stderr, "tiles_in.bin holds %zu bytes, %zu expected\n", tilesIn.size(), tileBytes);
        return 1;
    }
    std::vector<int> iota(kN);
    for (int i = 0; i < kN; ++i)
        iota[i] = i;
    float4 *in, *out;
    float* bounded;
    int *values, *reversed, *bulk;
    check(cudaMalloc(&in, tileBytes), "malloc");
    check(cudaMalloc(&out, tileBytes), "malloc");
    check(cudaMalloc(&bounded, kN * sizeof(float)), "malloc");
    check(cudaMalloc(&values, kN * sizeof(int)), "malloc");
    check(cudaMalloc(&reversed, kN * sizeof(int)), "malloc");
    check(cudaMalloc(&bulk, kN * sizeof(int)), "malloc");
    cudaMemcpy(in, tilesIn.data(), tileBytes, cudaMemcpyHostToDevice);
    cudaMemcpy(values, iota.data(), kN * sizeof(int), cudaMemcpyHostToDevice);
    for (void* p : {static_cast<void*>(out), static_cast<void*>(bounded), static_cast<void*>(reversed), static_cast<void*>(bulk)})
        cudaMemset(p, 0, p == out ? tileBytes : kN * 4);
    const Case cases[] = {
        {"doubleBufferedScale", [&] { ac::doubleBufferedScale<<<kBlocks, 256>>>(in, out, kTiles, 3.0f); }, out, tileBytes},
        {"boundedCopy", [&] { ac::boundedCopy<<<(kBounded + 255) / 256, 256>>>(reinterpret_cast<float*>(in), bounded, kBounded); },
            bounded, kN * sizeof(float)},
        {"barrierReverse", [&] { ac::barrierReverse<<<kN / 256, 256>>>(values, reversed); }, reversed, kN * sizeof(int)},
        {"bulkReverse", [&] { ac::bulkReverse<<<kN / 256, 256>>>(values, bulk); }, bulk, kN * sizeof(int)},
    };
    if (timed)
        std::printf("kernel,median_us\n");
    for (const Case& c : cases) {
        c.launch();
        check(cudaDeviceSynchronize(), c.name);
        if (!timed)
            continue;
        saveDevice(dir + "/" + c.name + ".bin", c.out, c.bytes);
        std::printf("%s,%.3f\n", c.name, 1000.0f * medianEventMs(c.launch));
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc == 3 && (std::string(argv[1]) == "run" || std::string(argv[1]) == "once"))
        return run(argv[2], std::string(argv[1]) == "run");
    std::fprintf(stderr, "usage: async_copy_probe run|once DIR\n");
    return 2;
}

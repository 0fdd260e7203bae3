// How the L2's fetch granularity (cudaLimitMaxL2FetchGranularity: "a value between 0 and 128 that indicates
// the maximum fetch granularity of L2 (in Bytes)", CUDA Runtime API, cudaDeviceSetLimit) changes the DRAM
// bytes and the time of the Best Practices Guide's strideCopy, whose scattered loads use one 32-byte sector
// of each line they touch. Run under ncu for the DRAM bytes, alone for CUDA-event times.
// Usage: l2_fetch_probe G time   -> "limit,<asked>,<default>,<in effect>" then
//                                   "time,<G>,strideCopy,<stride>,<n>,<median_ms>" (median of 21 after a warm-up)
//        l2_fetch_probe G ncu    -> the same launches once each, in the same order
// G: the granularity to ask for in bytes, or -1 to leave the driver's default.
#include "probe_kernels.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

static bool g_time = true;
static long g_granularity = -1;

template <class Launch> static void measure(const char* kernel, long value, long n, Launch launch)
{
    if (!g_time) {
        launch();
        cudaDeviceSynchronize();
        return;
    }
    std::printf("time,%ld,%s,%ld,%ld,%.5f\n", g_granularity, kernel, value, n, medianEventMs(launch));
}

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: l2_fetch_probe G time|ncu\n");
        return 2;
    }
    g_granularity = std::strtol(argv[1], nullptr, 10);
    g_time = std::strcmp(argv[2], "ncu") != 0;
    cudaFree(nullptr);
    size_t defaultLimit = 0;
    cudaDeviceGetLimit(&defaultLimit, cudaLimitMaxL2FetchGranularity);
    if (g_granularity >= 0 && cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, size_t(g_granularity)) != cudaSuccess)
        std::printf("error,set limit,%s\n", cudaGetErrorString(cudaGetLastError()));
    size_t inEffect = 0;
    cudaDeviceGetLimit(&inEffect, cudaLimitMaxL2FetchGranularity);
    if (g_time)
        std::printf("limit,%ld,%zu,%zu\n", g_granularity, defaultLimit, inEffect);
    const long big = 16 << 20;
    for (long n : { 1L << 20, 4L << 20 }) {
        float* in = deviceArray(std::max(big + 32, n * 32));
        float* out = deviceArray(std::max(big + 32, n * 32));
        if (n == (1L << 20)) {
            for (int offset : { 0, 1 })
                measure("offsetCopy", offset, big, [&] { copies::offsetCopy<<<big / 256, 256>>>(out, in, offset); });
        }
        for (int stride = 1; stride <= 32; ++stride)
            measure("strideCopy", stride, n, [&] { copies::strideCopy<<<n / 256, 256>>>(out, in, stride); });
        cudaFree(in);
        cudaFree(out);
    }
    const cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        std::printf("error,%s\n", cudaGetErrorString(e));
        return 1;
    }
    return 0;
}

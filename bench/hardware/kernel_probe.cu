// Times the Best Practices Guide's kernels from resources/kernels/ on the GPU it runs on (CUDA events,
// median of 21 launches after a warm-up; best-practices-guide-v8.0.txt §8.1.2), or launches each
// configuration once for ncu to read its counters.
// Usage: kernel_probe time         -> CSV "time,<kernel>,<param>,<value>,<n>,<median_ms>"
//        kernel_probe ncu          -> one launch per configuration, in the same order (for ncu --csv)
//        kernel_probe outputs DIR  -> the matrix kernels' results on fixed inputs, as raw floats
#include "probe_kernels.h"

#include <cstdio>
#include <cstring>
#include <functional>
#include <vector>

static bool g_time = true;

static void measure(const char* kernel, const char* param, long value, long n, const std::function<void()>& launch)
{
    if (!g_time) {
        launch();
        cudaDeviceSynchronize();
        return;
    }
    std::printf("time,%s,%s,%ld,%ld,%.5f\n", kernel, param, value, n, medianEventMs(launch));
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess)
        std::printf("error,%s,%s\n", kernel, cudaGetErrorString(e));
}

static void copies_(long n, long strideN)
{
    float* in = deviceArray(std::max(n + 32, strideN * 32));
    float* out = deviceArray(std::max(n + 32, strideN * 32));
    for (int offset = 0; offset <= 32; ++offset)
        measure("offsetCopy", "offset", offset, n, [&] { copies::offsetCopy<<<n / 256, 256>>>(out, in, offset); });
    for (int stride = 1; stride <= 32; ++stride)
        measure("strideCopy", "stride", stride, strideN, [&] { copies::strideCopy<<<strideN / 256, 256>>>(out, in, stride); });
    cudaFree(in);
    cudaFree(out);
}

static void matrices(int m)
{
    // C = AB: A is M x TILE_DIM, B is TILE_DIM x N, C is M x N (N = M); C = AA^T: A is M x TILE_DIM.
    float* a = deviceArray(size_t(m) * 32);
    float* b = deviceArray(size_t(m) * 32);
    float* c = deviceArray(size_t(m) * m);
    for (const auto& [name, launch] : matrixLaunches(m, a, b, c))
        measure(name, "M", m, m, launch);
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
}

// Runs the six matrix kernels at M = 256 on deterministic inputs (a[i] = (i % 17) * 0.25, b[i] = (i % 13)
// * 0.5) and writes each C as raw little-endian floats to DIR/<kernel>.bin, for comparing outputs with
// the device model.
static void matrixOutputs(const char* dir)
{
    const int m = 256;
    std::vector<float> ha(size_t(m) * 32), hb(size_t(m) * 32), hc(size_t(m) * m);
    for (size_t i = 0; i < ha.size(); ++i) {
        ha[i] = float(i % 17) * 0.25f;
        hb[i] = float(i % 13) * 0.5f;
    }
    float* a = deviceArray(ha.size());
    float* b = deviceArray(hb.size());
    float* c = deviceArray(hc.size());
    cudaMemcpy(a, ha.data(), ha.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(b, hb.data(), hb.size() * 4, cudaMemcpyHostToDevice);
    for (const auto& [name, launch] : matrixLaunches(m, a, b, c)) {
        cudaMemset(c, 0, hc.size() * 4);
        launch();
        cudaMemcpy(hc.data(), c, hc.size() * 4, cudaMemcpyDeviceToHost);
        char path[512];
        std::snprintf(path, sizeof path, "%s/%s.bin", dir, name);
        if (FILE* f = std::fopen(path, "wb")) {
            std::fwrite(hc.data(), 4, hc.size(), f);
            std::fclose(f);
        }
    }
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
}

int main(int argc, char** argv)
{
    if (argc > 2 && std::strcmp(argv[1], "outputs") == 0) {
        matrixOutputs(argv[2]);
        return 0;
    }
    g_time = !(argc > 1 && std::strcmp(argv[1], "ncu") == 0);
    if (g_time) {
        copies_(16 << 20, 1 << 20);
        copies_(16 << 20, 4 << 20);
        matrices(1024);
        matrices(2048);
        matrices(4096);
    } else {
        copies_(16 << 20, 1 << 20);
        matrices(1024);
    }
    return 0;
}

// Measures the SM clock an H100 runs the Best Practices Guide's kernels at while kernel_probe times them with
// CUDA events (the device model turns cycles into microseconds with the profile's core_clock_mhz, and the
// timed runs use the GPU's own clock management, ncu's --clock-control none).
// Around every timed launch a one-thread kernel counts clock64() cycles against %globaltimer nanoseconds over a
// dependent spin loop, so the clock is read in the same power state as the launch it brackets. The launches
// and their timing follow kernel_probe.cu: a warm-up, then 21 launches, medians.
// Output: CSV "clock,<kernel>,<param>,<value>,<n>,<median_ms>,<median_mhz_before>,<median_mhz_after>"
// and "sustained,<kernel>,<launches>,<mean_ms_per_launch>,<mhz_after>" for 2000 back-to-back launches.
#include "probe_kernels.h"

#include <cstdio>
#include <functional>
#include <vector>

__global__ void clockSpan(unsigned long long* out, int spins)
{
    unsigned long long t0, t1;
    const long long c0 = clock64();
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    float x = float(spins);
    for (int i = 0; i < spins; ++i)
        x = x * 0.999999f + 1.0f;
    const long long c1 = clock64();
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1));
    out[0] = static_cast<unsigned long long>(c1 - c0);
    out[1] = t1 - t0;
    out[2] = x == 0.5f; // keeps the loop
}

static unsigned long long* g_span = nullptr;

static double spanMhz()
{
    clockSpan<<<1, 1>>>(g_span, 100000);
    unsigned long long h[3] = {};
    cudaMemcpy(h, g_span, sizeof h, cudaMemcpyDeviceToHost);
    return h[1] ? double(h[0]) * 1000.0 / double(h[1]) : 0.0;
}

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

static void measure(const char* kernel, const char* param, long value, long n, const std::function<void()>& launch)
{
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    launch();
    cudaDeviceSynchronize();
    std::vector<double> ms, before, after;
    for (int r = 0; r < 21; ++r) {
        before.push_back(spanMhz());
        cudaEventRecord(start);
        launch();
        cudaEventRecord(stop);
        cudaEventSynchronize(stop);
        after.push_back(spanMhz());
        float t = 0;
        cudaEventElapsedTime(&t, start, stop);
        ms.push_back(t);
    }
    std::printf("clock,%s,%s,%ld,%ld,%.5f,%.0f,%.0f\n", kernel, param, value, n, median(ms), median(before),
        median(after));
    // Sustained: back-to-back launches long enough for power management to settle, then the clock.
    const int launches = 2000;
    cudaEventRecord(start);
    for (int r = 0; r < launches; ++r)
        launch();
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    const double mhz = spanMhz();
    float t = 0;
    cudaEventElapsedTime(&t, start, stop);
    std::printf("sustained,%s,%s,%ld,%d,%.5f,%.0f\n", kernel, param, value, launches, t / launches, mhz);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    if (cudaError_t e = cudaGetLastError(); e != cudaSuccess)
        std::printf("error,%s,%s\n", kernel, cudaGetErrorString(e));
}

int main()
{
    cudaMalloc(&g_span, 3 * sizeof(unsigned long long));
    std::printf("idle,%.0f\n", spanMhz());
    const long big = 16 << 20;
    float* in = deviceArray((4L << 20) * 32 + 64); // strideCopy n = 4 M at stride 32 spans 128 M floats
    float* out = deviceArray((4L << 20) * 32 + 64);
    measure("offsetCopy", "offset", 0, big, [&] { copies::offsetCopy<<<big / 256, 256>>>(out, in, 0); });
    for (long n : { 1L << 20, 4L << 20 })
        for (int stride : { 1, 2, 16, 32 })
            measure("strideCopy", "stride", stride, n, [&] { copies::strideCopy<<<n / 256, 256>>>(out, in, stride); });
    cudaFree(in);
    cudaFree(out);
    const int m = 1024;
    float* a = deviceArray(size_t(m) * 32);
    float* b = deviceArray(size_t(m) * 32);
    float* c = deviceArray(size_t(m) * m);
    for (const auto& [name, launch] : matrixLaunches(m, a, b, c))
        measure(name, "M", m, m, launch);
    return 0;
}

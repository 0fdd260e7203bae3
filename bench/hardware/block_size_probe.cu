// How the Best Practices Guide's copies scale with the block size on the GPU it runs on: offsetCopy (offset 0)
// and strideCopy (stride 1) at n = 16 M and 4 M with 64-1024 threads per block (CUDA-event medians, as
// kernel_probe times them). With a fixed amount of data, more threads per block means fewer blocks: if a launch
// is limited by how fast the SMs start blocks its time falls with the block count, if it is limited by DRAM it
// does not. A grid-stride float4 copy with one wave of blocks gives the DRAM bandwidth a copy can reach
// (docs/latency_h100.md).
// Usage: block_size_probe time|ncu -> "time,<kernel>,<n>,<threads>,<median_ms>" (ncu: the launches once each)
#include "probe_kernels.h"

#include <cstdio>
#include <cstring>

// Each thread copies float4s `stride` apart: the whole array in one wave of blocks.
__global__ void gridStrideCopy(float4* out, const float4* in, long count)
{
    const long stride = long(gridDim.x) * blockDim.x;
    for (long i = long(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride)
        out[i] = in[i];
}

static bool g_time = true;

static void measure(const char* kernel, long n, int threads, const std::function<void()>& launch)
{
    if (!g_time) {
        launch();
        cudaDeviceSynchronize();
        return;
    }
    std::printf("time,%s,%ld,%d,%.5f\n", kernel, n, threads, medianEventMs(launch));
}

int main(int argc, char** argv)
{
    g_time = !(argc > 1 && std::strcmp(argv[1], "ncu") == 0);
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    const long big = 16 << 20;
    float* in = deviceArray(big + 64);
    float* out = deviceArray(big + 64);
    for (long n : { big, 4L << 20 })
        for (int threads : { 64, 128, 256, 512, 1024 }) {
            measure("offsetCopy", n, threads, [&] { copies::offsetCopy<<<n / threads, threads>>>(out, in, 0); });
            measure("strideCopy", n, threads, [&] { copies::strideCopy<<<n / threads, threads>>>(out, in, 1); });
        }
    for (long n : { big, 4L << 20 })
        measure("gridStrideCopy", n, 256, [&] {
            gridStrideCopy<<<sms * 8, 256>>>(reinterpret_cast<float4*>(out), reinterpret_cast<const float4*>(in), n / 4);
        });
    if (cudaError_t e = cudaGetLastError(); e != cudaSuccess)
        std::printf("error,%s\n", cudaGetErrorString(e));
    return 0;
}

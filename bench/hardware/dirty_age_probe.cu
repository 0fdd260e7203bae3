// Does the L2 write dirty data back to DRAM while a kernel runs even when it has room to keep it? Each launch
// writes n floats `stride` apart (stride 1: whole 32-byte sectors; stride 2 or 8: partly written sectors), then
// every thread waits `wait_us` on %globaltimer without touching memory. Under ncu (which flushes the caches
// before each launch) dram__bytes_write.sum then says how much of the written data left the L2 before the
// kernel ended, as a function of how long it sat there ("wait" mode) or of how many partly written sectors
// there are ("count" mode: stride 2, 8 and 32, so 4, 4 and 1 such sectors per 128-byte line, no wait).
// Usage: dirty_age_probe wait|count   -> one launch per (stride, n, wait_us): "launch,<stride>,<n>,<wait_us>"
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void writeThenWait(float* out, int stride, int n, unsigned long long waitNs)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[static_cast<size_t>(i) * stride] = 1.0f;
    if (waitNs == 0)
        return;
    unsigned long long t0, t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    do
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
    while (t - t0 < waitNs);
}

static void launch(float* out, int stride, int n, int waitUs)
{
    writeThenWait<<<n / 256, 256>>>(out, stride, n, 1000ull * waitUs);
    cudaDeviceSynchronize();
    std::printf("launch,%d,%d,%d\n", stride, n, waitUs);
}

int main(int argc, char** argv)
{
    float* out = nullptr;
    cudaMalloc(&out, size_t(256) << 20); // 256 MiB: stride 32 over 2 M floats
    if (argc > 1 && std::strcmp(argv[1], "count") == 0) {
        for (int sectors : { 32768, 65536, 131072, 196608, 262144, 393216, 524288, 1048576 }) {
            launch(out, 2, sectors * 4, 0); // 4 floats in each sector
            launch(out, 8, sectors, 0); // 1 float in each sector, 4 sectors per line
            launch(out, 32, sectors, 0); // 1 float in each sector, 1 sector per line
        }
        launch(out, 1, 8 << 20, 0); // 32 MiB of whole sectors
    } else {
        const struct { int stride, n; } cases[] = { { 1, 1 << 20 }, { 2, 1 << 20 }, { 8, 1 << 18 } };
        for (const auto& c : cases)
            for (int wait : { 0, 2, 5, 10, 20, 50, 100, 200 })
                launch(out, c.stride, c.n, wait);
    }
    if (cudaError_t e = cudaGetLastError(); e != cudaSuccess)
        std::printf("error,%s\n", cudaGetErrorString(e));
    return 0;
}

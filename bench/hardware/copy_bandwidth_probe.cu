// Host<->device copy bandwidth with CUDA events (Best Practices Guide §8.1.2 timing), pinned and
// pageable, H2D and D2H, for a few sizes. Prints CSV "copy,<kind>,<dir>,<bytes>,<median_ms>,<GB/s>".
#include "probe_timing.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

static float timeCopy(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind, int reps)
{
    return medianEventMs([&] { cudaMemcpy(dst, src, bytes, kind); }, reps);
}

int main()
{
    const size_t sizes[] = { 4096, 65536, 1 << 20, 16 << 20, 256 << 20 };
    const size_t maxBytes = 256 << 20;
    void* d = nullptr;
    void* pinned = nullptr;
    if (cudaMalloc(&d, maxBytes) != cudaSuccess || cudaMallocHost(&pinned, maxBytes) != cudaSuccess) {
        std::fprintf(stderr, "allocation failed\n");
        return 1;
    }
    void* pageable = std::malloc(maxBytes);
    std::memset(pageable, 1, maxBytes);
    std::memset(pinned, 1, maxBytes);
    for (size_t bytes : sizes) {
        const int reps = bytes >= (16 << 20) ? 20 : 100;
        struct {
            const char* kind;
            void* host;
        } hosts[] = { { "pinned", pinned }, { "pageable", pageable } };
        for (auto& h : hosts) {
            float h2d = timeCopy(d, h.host, bytes, cudaMemcpyHostToDevice, reps);
            float d2h = timeCopy(h.host, d, bytes, cudaMemcpyDeviceToHost, reps);
            std::printf("copy,%s,h2d,%zu,%.4f,%.3f\n", h.kind, bytes, h2d, bytes / (h2d * 1e-3) / 1e9);
            std::printf("copy,%s,d2h,%zu,%.4f,%.3f\n", h.kind, bytes, d2h, bytes / (d2h * 1e-3) / 1e9);
        }
    }
    std::free(pageable);
    cudaFreeHost(pinned);
    cudaFree(d);
    return 0;
}

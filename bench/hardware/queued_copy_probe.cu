// How much of a copy's fixed cost a copy pays when it is queued behind another copy on the same engine:
// pinned cudaMemcpyAsync of 4 KB .. 4 MB, one alone (events around it) and 32 back to back in one stream,
// H2D and D2H; and an empty kernel alone and 32 back to back. CUDA-event medians of 21 repetitions after a
// warm-up. Prints CSV "queued,<what>,<bytes>,<count>,<median_ms>".
#include <algorithm>
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

__global__ void empty() {}

template <typename Body>
static float medianMs(Body body, cudaStream_t stream)
{
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    body();
    cudaDeviceSynchronize();
    std::vector<float> ms;
    for (int r = 0; r < 21; ++r) {
        cudaEventRecord(start, stream);
        body();
        cudaEventRecord(stop, stream);
        cudaEventSynchronize(stop);
        float t = 0;
        cudaEventElapsedTime(&t, start, stop);
        ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return ms[ms.size() / 2];
}

int main()
{
    const size_t maxBytes = 4u << 20;
    const int kQueued = 32;
    void* host = nullptr;
    void* device = nullptr;
    cudaMallocHost(&host, maxBytes * kQueued);
    cudaMalloc(&device, maxBytes * kQueued);
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    for (const size_t bytes : { size_t(4) << 10, size_t(64) << 10, size_t(1) << 20, size_t(2) << 20, size_t(4) << 20 }) {
        for (const bool h2d : { true, false }) {
            const auto kind = h2d ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
            const char* name = h2d ? "h2d" : "d2h";
            const float one = medianMs([&] {
                cudaMemcpyAsync(h2d ? device : host, h2d ? host : device, bytes, kind, stream);
            }, stream);
            const float many = medianMs([&] {
                for (int i = 0; i < kQueued; ++i) {
                    char* d = static_cast<char*>(device) + i * bytes;
                    char* h = static_cast<char*>(host) + i * bytes;
                    cudaMemcpyAsync(h2d ? static_cast<void*>(d) : h, h2d ? static_cast<void*>(h) : d, bytes, kind, stream);
                }
            }, stream);
            std::printf("queued,%s,%zu,1,%.4f\nqueued,%s,%zu,%d,%.4f\n", name, bytes, one, name, bytes, kQueued, many);
        }
    }
    const float kernelOne = medianMs([&] { empty<<<1, 32, 0, stream>>>(); }, stream);
    const float kernelMany = medianMs([&] {
        for (int i = 0; i < kQueued; ++i)
            empty<<<1, 32, 0, stream>>>();
    }, stream);
    std::printf("queued,kernel,0,1,%.4f\nqueued,kernel,0,%d,%.4f\n", kernelOne, kQueued, kernelMany);
    cudaStreamDestroy(stream);
    cudaFreeHost(host);
    cudaFree(device);
    return 0;
}

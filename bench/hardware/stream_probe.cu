// The Best Practices Guide's sequential and staged concurrent copy and execute
// (best-practices-guide-v8.0.txt §9.1.2), timed with CUDA events (median of 11 after a warm-up) for
// nStreams 1, 2, 4, 8, 16, 32. Prints CSV "stream,<variant>,<nStreams>,<N>,<median_ms>".
#include <algorithm>
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

#include "../../resources/kernels/staged_copy.cu"

static float medianMs(void (*body)(float*, float*, int, cudaStream_t*), float* d, float* h, int n, cudaStream_t* s)
{
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    body(d, h, n, s);
    cudaDeviceSynchronize();
    std::vector<float> ms;
    for (int r = 0; r < 11; ++r) {
        cudaEventRecord(start, 0);
        body(d, h, n, s);
        cudaEventRecord(stop, 0);
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

static const int kN = 16 << 20;
static const int kThreads = 256;

static void sequential(float* d, float* h, int, cudaStream_t*)
{
    cudaMemcpy(d, h, kN * sizeof(float), cudaMemcpyHostToDevice);
    kernel<<<kN / kThreads, kThreads>>>(d);
}

static int g_streams = 1;

static void staged(float* d, float* h, int, cudaStream_t* stream)
{
    const int chunk = kN / g_streams;
    for (int i = 0; i < g_streams; ++i) {
        const int offset = i * chunk;
        cudaMemcpyAsync(d + offset, h + offset, chunk * sizeof(float), cudaMemcpyHostToDevice, stream[i]);
        kernel<<<chunk / kThreads, kThreads, 0, stream[i]>>>(d + offset);
    }
}

int main()
{
    float* d = nullptr;
    float* h = nullptr;
    cudaMalloc(&d, kN * sizeof(float));
    cudaMallocHost(&h, kN * sizeof(float));
    for (int i = 0; i < kN; ++i)
        h[i] = float(i % 1000);
    cudaStream_t streams[32];
    for (auto& s : streams)
        cudaStreamCreate(&s);
    std::printf("stream,sequential,1,%d,%.4f\n", kN, medianMs(sequential, d, h, kN, streams));
    for (int n : { 1, 2, 4, 8, 16, 32 }) {
        g_streams = n;
        std::printf("stream,staged,%d,%d,%.4f\n", n, kN, medianMs(staged, d, h, kN, streams));
    }
    // The parts on their own: the whole copy (tT) and the whole kernel (tE).
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    cudaEventRecord(a);
    kernel<<<kN / kThreads, kThreads>>>(d);
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float tE = 0;
    cudaEventElapsedTime(&tE, a, b);
    std::printf("stream,kernel_only,1,%d,%.4f\n", kN, tE);
    cudaFreeHost(h);
    cudaFree(d);
    return 0;
}

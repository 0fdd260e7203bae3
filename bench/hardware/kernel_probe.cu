// Times the Best Practices Guide's kernels from resources/kernels/ on the GPU it runs on (CUDA events,
// median of 21 launches after a warm-up; best-practices-guide-v8.0.txt §8.1.2), or launches each
// configuration once for ncu to read its counters.
// Usage: kernel_probe time         -> CSV "time,<kernel>,<param>,<value>,<n>,<median_ms>"
//        kernel_probe ncu          -> one launch per configuration, in the same order (for ncu --csv)
//        kernel_probe outputs DIR  -> the matrix kernels' results on fixed inputs, as raw floats
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <functional>
#include <vector>

namespace copies {
#include "../../resources/kernels/offset_copy.cu"
#include "../../resources/kernels/stride_copy.cu"
}
namespace ab {
#include "../../resources/kernels/matrix_ab.cu"
}
namespace aat {
#include "../../resources/kernels/matrix_aat.cu"
}
namespace aatPadded {
#include "../../resources/kernels/matrix_aat_padded.cu"
}

static bool g_time = true;

static void measure(const char* kernel, const char* param, long value, long n, const std::function<void()>& launch)
{
    if (!g_time) {
        launch();
        cudaDeviceSynchronize();
        return;
    }
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    launch();
    cudaDeviceSynchronize();
    std::vector<float> ms;
    for (int r = 0; r < 21; ++r) {
        cudaEventRecord(start);
        launch();
        cudaEventRecord(stop);
        cudaEventSynchronize(stop);
        float t = 0;
        cudaEventElapsedTime(&t, start, stop);
        ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    std::printf("time,%s,%s,%ld,%ld,%.5f\n", kernel, param, value, n, ms[ms.size() / 2]);
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess)
        std::printf("error,%s,%s\n", kernel, cudaGetErrorString(e));
}

static float* deviceArray(size_t count)
{
    float* p = nullptr;
    cudaMalloc(&p, count * sizeof(float));
    cudaMemset(p, 0, count * sizeof(float));
    return p;
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
    dim3 block(32, 32), grid(m / 32, m / 32);
    measure("ab.simpleMultiply", "M", m, m, [&] { ab::simpleMultiply<<<grid, block>>>(a, b, c, m); });
    measure("ab.coalescedMultiply", "M", m, m, [&] { ab::coalescedMultiply<<<grid, block>>>(a, b, c, m); });
    measure("ab.sharedABMultiply", "M", m, m, [&] { ab::sharedABMultiply<<<grid, block>>>(a, b, c, m); });
    measure("aat.simpleMultiply", "M", m, m, [&] { aat::simpleMultiply<<<grid, block>>>(a, c, m); });
    measure("aat.coalescedMultiply", "M", m, m, [&] { aat::coalescedMultiply<<<grid, block>>>(a, c, m); });
    measure("aatPadded.coalescedMultiply", "M", m, m, [&] { aatPadded::coalescedMultiply<<<grid, block>>>(a, c, m); });
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
    dim3 block(32, 32), grid(m / 32, m / 32);
    const std::pair<const char*, std::function<void()>> kernels[] = {
        { "ab.simpleMultiply", [&] { ab::simpleMultiply<<<grid, block>>>(a, b, c, m); } },
        { "ab.coalescedMultiply", [&] { ab::coalescedMultiply<<<grid, block>>>(a, b, c, m); } },
        { "ab.sharedABMultiply", [&] { ab::sharedABMultiply<<<grid, block>>>(a, b, c, m); } },
        { "aat.simpleMultiply", [&] { aat::simpleMultiply<<<grid, block>>>(a, c, m); } },
        { "aat.coalescedMultiply", [&] { aat::coalescedMultiply<<<grid, block>>>(a, c, m); } },
        { "aatPadded.coalescedMultiply", [&] { aatPadded::coalescedMultiply<<<grid, block>>>(a, c, m); } },
    };
    for (const auto& [name, launch] : kernels) {
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

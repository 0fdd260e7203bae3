// The bundled tensor-core kernels (resources/kernels/wmma_gemm.cu, mma_ldmatrix.cu) on a real GPU, with the
// inputs warpscope used (raw __half files that `warpscope-cli run ... --dump a=... --dump b=...` wrote), so
// the outputs can be compared bit for bit (docs/tensor_cores.md). Also times a chain of dependent
// mma.sync.m16n8k16 in one warp with clock64 (tensor-core latency).
//   tensor_probe run DIR M N K   reads DIR/a.bin, DIR/b.bin; writes DIR/<kernel>.bin and prints
//                                kernel,median_us over 20 timed launches (CUDA events) as CSV
//   tensor_probe once DIR M N K  launches each GEMM once (for ncu)
//   tensor_probe latency         prints cycles per dependent mma.sync (f32 and f16 accumulators)
#include "probe_io.h"

#include <cuda_fp16.h>
#include <mma.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

// The kernel files' headers first, outside the namespaces (their include guards keep them out of those).
#include <cuda_pipeline.h>

namespace wk {
#include "../../resources/kernels/wmma_gemm.cu"
}
namespace mk {
#include "../../resources/kernels/mma_ldmatrix.cu"
}

namespace {

using Gemm = void (*)(const __half*, const __half*, float*, int, int, int);

struct Case {
    const char* name;
    Gemm kernel;
    dim3 grid;
    dim3 block;
};

void runOne(const Case& c, const std::string& dir, const __half* a, const __half* b, float* out, int m, int n, int k)
{
    check(cudaMemset(out, 0, sizeof(float) * m * n), "memset");
    c.kernel<<<c.grid, c.block>>>(a, b, out, m, n, k);
    check(cudaDeviceSynchronize(), c.name);
    std::vector<float> host(size_t(m) * n);
    check(cudaMemcpy(host.data(), out, host.size() * sizeof(float), cudaMemcpyDeviceToHost), "copy back");
    FILE* f = std::fopen((dir + "/" + c.name + ".bin").c_str(), "wb");
    std::fwrite(host.data(), sizeof(float), host.size(), f);
    std::fclose(f);
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    std::vector<float> times;
    for (int i = 0; i < 20; ++i) {
        cudaEventRecord(start);
        c.kernel<<<c.grid, c.block>>>(a, b, out, m, n, k);
        cudaEventRecord(stop);
        cudaEventSynchronize(stop);
        float ms = 0;
        cudaEventElapsedTime(&ms, start, stop);
        times.push_back(ms * 1000.0f);
    }
    std::sort(times.begin(), times.end());
    std::printf("%s,%.3f\n", c.name, times[times.size() / 2]);
}

int run(const std::string& dir, int m, int n, int k, bool timed)
{
    const std::vector<char> ha = readFile(dir + "/a.bin");
    const std::vector<char> hb = readFile(dir + "/b.bin");
    __half *a, *b;
    float* c;
    check(cudaMalloc(&a, ha.size()), "malloc");
    check(cudaMalloc(&b, hb.size()), "malloc");
    check(cudaMalloc(&c, sizeof(float) * m * n), "malloc");
    cudaMemcpy(a, ha.data(), ha.size(), cudaMemcpyHostToDevice);
    cudaMemcpy(b, hb.data(), hb.size(), cudaMemcpyHostToDevice);
    const Case cases[] = {
        {"wmmaGemm", wk::wmmaGemm, dim3(m / 16, n / 16), dim3(32)},
        {"wmmaGemmShared", wk::wmmaGemmShared, dim3(m / 32, n / 32), dim3(128)},
        {"mmaLdmatrixGemm", mk::mmaLdmatrixGemm, dim3(n / 8, m / 16), dim3(32)},
        {"mmaLdmatrixTransGemm", mk::mmaLdmatrixTransGemm, dim3(n / 8, m / 16), dim3(32)},
        {"mmaPipelineGemm", mk::mmaPipelineGemm, dim3(n / 8, m / 16), dim3(32)},
    };
    if (!timed) {
        for (const Case& one : cases)
            one.kernel<<<one.grid, one.block>>>(a, b, c, m, n, k);
        check(cudaDeviceSynchronize(), "once");
        return 0;
    }
    std::printf("kernel,median_us\n");
    for (const Case& one : cases)
        runOne(one, dir, a, b, c, m, n, k);
    return 0;
}

template <bool HalfAccumulator>
__global__ void mmaChain(long long* cycles, float* sink, int count)
{
    unsigned a[4] = {0x3c003c00u, 0x3c003c00u, 0x3c003c00u, 0x3c003c00u};
    unsigned b[2] = {0x3c003c00u, 0x3c003c00u};
    float d[4] = {0, 0, 0, 0};
    unsigned h[2] = {0, 0};
    const long long start = clock64();
    for (int i = 0; i < count; ++i) {
        if (HalfAccumulator)
            asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3, %4, %5}, {%6, %7}, "
                         "{%0, %1};"
                         : "+r"(h[0]), "+r"(h[1])
                         : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
        else
            asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
                         "{%8, %9}, {%0, %1, %2, %3};"
                         : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                         : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
    }
    const long long stop = clock64();
    if (threadIdx.x == 0)
        *cycles = stop - start;
    sink[threadIdx.x] = d[0] + d[1] + d[2] + d[3] + float(h[0] + h[1]);
}

int latency()
{
    long long* cycles;
    float* sink;
    check(cudaMalloc(&cycles, sizeof(long long)), "malloc");
    check(cudaMalloc(&sink, 32 * sizeof(float)), "malloc");
    std::printf("accumulator,chain,cycles,cycles_per_mma\n");
    for (int acc = 0; acc < 2; ++acc) {
        for (int count : {256, 1024}) {
            long long host = 0;
            for (int rep = 0; rep < 3; ++rep) { // the last of three: warm instruction cache
                if (acc)
                    mmaChain<true><<<1, 32>>>(cycles, sink, count);
                else
                    mmaChain<false><<<1, 32>>>(cycles, sink, count);
                check(cudaDeviceSynchronize(), "chain");
                cudaMemcpy(&host, cycles, sizeof host, cudaMemcpyDeviceToHost);
            }
            std::printf("%s,%d,%lld,%.2f\n", acc ? "f16" : "f32", count, host, double(host) / count);
        }
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc == 6 && (std::string(argv[1]) == "run" || std::string(argv[1]) == "once"))
        return run(argv[2], std::atoi(argv[3]), std::atoi(argv[4]), std::atoi(argv[5]), std::string(argv[1]) == "run");
    if (argc == 2 && std::string(argv[1]) == "latency")
        return latency();
    std::fprintf(stderr, "usage: tensor_probe run DIR M N K | tensor_probe latency\n");
    return 2;
}

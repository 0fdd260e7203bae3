// The launches behind the timing rules of docs/timing_rules_h100.md, on the GPU it finds:
//   list: the case table (what compare_timing_rules.py runs on the model);
//   time: the same rows with the CUDA-event median of each launch (probe_timing.h);
//   ncu:  every case launched once, for Nsight Compute (sm__cycles_elapsed.max), in the list's order.
// Cases: empty and near-empty kernels from 1 block to 2 waves (a launch's fixed cost); atomics on 1 to 65 536
// words, global and shared, add/inc/max/CAS (where same-address atomics serialize); dependent and independent FFMA
// and integer chains and a loop at 1 warp to 32 per SM (issue latency, throughput, loop overhead); a
// register-accumulating dot product; four PolyBench/GPU kernels at two sizes each; a global load after a store of
// the same word, line or another line (read after write through global memory).
// Output: CSV "label,kernel,gx,gy,bx,by,n,reps,count[,ms]"
#include "polybench_kernels.cu"
#include "probe_timing.h"
#include "timing_rules_kernels.cu"

#include <cstdio>
#include <cstring>
#include <string>

using Kernel = void (*)(float*, float*, float*, unsigned*, int, int);

struct Case {
    std::string label;
    const char* name;
    Kernel kernel;
    unsigned gx, gy, bx, by;
    int n, reps;
    size_t count; ///< floats in x, y and out
};

static std::vector<Case> cases()
{
    std::vector<Case> c;
    auto add = [&](std::string label, const char* name, Kernel k, unsigned gx, unsigned gy, unsigned bx,
                   unsigned by, int n, int reps, size_t count) {
        c.push_back({ std::move(label), name, k, gx, gy, bx, by, n, reps, count });
    };
#define K(f) #f, f
    // A launch's fixed cost: 1 block up to two full waves (empty: 32 blocks of 32, 8 of 256, 2 of 1024 per SM).
    for (unsigned g : { 1u, 132u, 4224u, 8448u })
        add("launch empty b32 g" + std::to_string(g), K(emptyKernel), g, 1, 32, 1, 0, 0, 1024);
    for (unsigned g : { 1u, 2u, 66u, 132u, 133u, 264u, 1056u, 2112u })
        add("launch empty b256 g" + std::to_string(g), K(emptyKernel), g, 1, 256, 1, 0, 0, 1024);
    for (unsigned g : { 1u, 132u, 264u, 528u })
        add("launch empty b1024 g" + std::to_string(g), K(emptyKernel), g, 1, 1024, 1, 0, 0, 1024);
    for (unsigned g : { 1u, 132u, 1056u, 2112u })
        add("launch store b256 g" + std::to_string(g), K(storeOne), g, 1, 256, 1, 0, 0, size_t { g } * 256);
    // Global atomics, 256 threads per block, 4 per thread.
    const std::pair<const char*, Kernel> global[] = { { K(atomAddGlobal) }, { K(redAddGlobal) }, { K(atomIncGlobal) },
        { K(atomMaxGlobal) }, { K(atomCasGlobal) } };
    for (const auto& [name, k] : global) {
        const std::pair<unsigned, int> shapes[] = { { 1, 1 }, { 64, 1 }, { 132, 1 }, { 64, 11 }, { 64, 32 },
            { 64, 65536 } };
        for (const auto& [g, n] : shapes)
            add(std::string("atomic ") + name + " g" + std::to_string(g) + " words" + std::to_string(n), name, k, g,
                1, 256, 1, n, 4, size_t { g } * 256);
    }
    // Shared atomics, 256 threads per block, 16 per thread.
    const std::pair<const char*, Kernel> shared[]
        = { { K(atomAddShared) }, { K(atomIncShared) }, { K(atomMaxShared) }, { K(atomCasShared) } };
    for (const auto& [name, k] : shared) {
        const std::pair<unsigned, int> shapes[] = { { 1, 1 }, { 64, 1 }, { 64, 11 }, { 64, 32 }, { 64, 256 } };
        for (const auto& [g, n] : shapes)
            add(std::string("atomic ") + name + " g" + std::to_string(g) + " words" + std::to_string(n), name, k, g,
                1, 256, 1, n, 16, size_t { g } * 256);
    }
    // Arithmetic: one warp alone, then 1 to 32 warps on each of the 132 SMs.
    for (int reps : { 256, 1024 }) {
        add("fma dependent g1 b32 r" + std::to_string(reps), K(fmaDependent), 1, 1, 32, 1, 0, reps, 32);
        add("fma independent4 g1 b32 r" + std::to_string(reps), K(fmaIndependent4), 1, 1, 32, 1, 0, reps, 32);
        add("int dependent g1 b32 r" + std::to_string(reps), K(intDependent), 1, 1, 32, 1, 0, reps, 32);
        add("fma loop g1 b32 r" + std::to_string(reps * 8), K(fmaLoop), 1, 1, 32, 1, 0, reps * 8, 32);
    }
    for (unsigned b : { 128u, 256u, 1024u }) {
        const size_t count = size_t { 132 } * b;
        add("fma dependent g132 b" + std::to_string(b) + " r1024", K(fmaDependent), 132, 1, b, 1, 0, 1024, count);
        add("fma independent4 g132 b" + std::to_string(b) + " r1024", K(fmaIndependent4), 132, 1, b, 1, 0, 1024,
            count);
        add("int dependent g132 b" + std::to_string(b) + " r1024", K(intDependent), 132, 1, b, 1, 0, 1024, count);
        add("fma loop g132 b" + std::to_string(b) + " r8192", K(fmaLoop), 132, 1, b, 1, 0, 8192, count);
    }
    for (int n : { 65536, 4096 })
        add("dotProduct g128 b256 n" + std::to_string(n), K(dotProduct), 128, 1, 256, 1, n, 0, size_t { 128 } * n);
    // PolyBench/GPU at its own sizes and small.
    for (int n : { 512, 128 })
        add("polybench gemm n" + std::to_string(n), K(polybenchGemm), n / 32, n / 8, 32, 8, n, 0, size_t { 1 } * n * n);
    for (int n : { 4096, 512 }) {
        add("polybench atax1 n" + std::to_string(n), K(polybenchAtax1), n / 32, 1, 32, 8, n, 0, size_t { 1 } * n * n);
        add("polybench atax2 n" + std::to_string(n), K(polybenchAtax2), n / 32, 1, 32, 8, n, 0, size_t { 1 } * n * n);
    }
    for (int n : { 4096, 512 })
        add("polybench conv2d n" + std::to_string(n), K(polybenchConv2d), n / 32, n / 8, 32, 8, n, 0,
            size_t { 1 } * n * n);
    // Read after write through global memory: a load chain with a store beside each load (n < 0: none).
    for (int n : { -1, 0, 1, 32, 8192 })
        add("raw chase g1 b32 n" + std::to_string(n), K(storeLoadChase), 1, 1, 32, 1, n, 1024, 32);
    for (int n : { -1, 0 }) {
        add("raw chase g1 b256 n" + std::to_string(n), K(storeLoadChase), 1, 1, 256, 1, n, 1024, 256);
        add("raw chase g132 b256 n" + std::to_string(n), K(storeLoadChase), 132, 1, 256, 1, n, 256, 132 * 256);
        add("raw shared g1 b256 n" + std::to_string(n), K(storeLoadChaseShared), 1, 1, 256, 1, n, 1024, 256);
        add("raw shared g64 b256 n" + std::to_string(n), K(storeLoadChaseShared), 64, 1, 256, 1, n, 256, 64 * 256);
    }
#undef K
    return c;
}

int main(int argc, char** argv)
{
    const std::string mode = argc > 1 ? argv[1] : "list";
    unsigned* words = nullptr;
    cudaMalloc(&words, 65536 * sizeof(unsigned));
    std::printf("label,kernel,gx,gy,bx,by,n,reps,count%s\n", mode == "time" ? ",ms" : "");
    for (const Case& c : cases()) {
        std::printf("%s,%s,%u,%u,%u,%u,%d,%d,%zu", c.label.c_str(), c.name, c.gx, c.gy, c.bx, c.by, c.n, c.reps,
            c.count);
        if (mode == "list") {
            std::printf("\n");
            continue;
        }
        float* x = deviceArray(c.count);
        float* y = deviceArray(c.count);
        float* out = deviceArray(c.count);
        auto launch = [&] {
            c.kernel<<<dim3(c.gx, c.gy), dim3(c.bx, c.by)>>>(x, y, out, words, c.n, c.reps);
        };
        cudaMemset(words, 0, 65536 * sizeof(unsigned));
        if (mode == "time")
            std::printf(",%.5f", medianEventMs(launch));
        else
            launch();
        cudaDeviceSynchronize();
        std::printf("\n");
        std::fflush(stdout);
        cudaFree(x);
        cudaFree(y);
        cudaFree(out);
    }
    const cudaError_t error = cudaGetLastError();
    if (error != cudaSuccess)
        std::fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(error));
    return error == cudaSuccess ? 0 : 1;
}

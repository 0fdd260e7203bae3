// Measures cudaOccupancyMaxActiveBlocksPerMultiprocessor on the GPU it runs on over a grid of block
// sizes, register counts and dynamic shared-memory sizes, and prints the device's properties.
// Output: "props" lines (key value) then CSV "occ,<regs>,<block>,<smem>,<blocks>".
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                                                 \
    do {                                                                                            \
        cudaError_t e_ = (call);                                                                    \
        if (e_ != cudaSuccess) {                                                                    \
            std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            return 1;                                                                               \
        }                                                                                           \
    } while (0)

// Register pressure: 96 live values that depend on the input, capped at R registers by __maxnreg__,
// so ptxas allocates (close to) R registers per thread.
template <int R>
__global__ void __maxnreg__(R) pressure(const float* in, float* out, int n)
{
    float v[96];
#pragma unroll
    for (int i = 0; i < 96; ++i)
        v[i] = in[(threadIdx.x + i * 131) % n];
    for (int k = 0; k < n; ++k) {
#pragma unroll
        for (int i = 0; i < 96; ++i)
            v[i] = v[i] * v[(i + 7) % 96] + in[(k + i) % n];
    }
    float s = 0;
#pragma unroll
    for (int i = 0; i < 96; ++i)
        s += v[i];
    out[threadIdx.x] = s;
}

using Kernel = void (*)(const float*, float*, int);

template <int R>
int probe(const int* blocks, int nBlocks, const int* smems, int nSmem, int optin)
{
    Kernel k = pressure<R>;
    cudaFuncAttributes attr;
    CHECK(cudaFuncGetAttributes(&attr, k));
    CHECK(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, optin - static_cast<int>(attr.sharedSizeBytes)));
    std::printf("kernel,%d,%d,%zu,%zu\n", R, attr.numRegs, attr.sharedSizeBytes, attr.localSizeBytes);
    for (int b = 0; b < nBlocks; ++b) {
        for (int s = 0; s < nSmem; ++s) {
            int result = -1;
            cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&result, k, blocks[b], smems[s]);
            if (e != cudaSuccess) {
                cudaGetLastError();
                result = -1;
            }
            std::printf("occ,%d,%d,%d,%d\n", attr.numRegs, blocks[b], smems[s], result);
        }
    }
    return 0;
}

static void attribute(const char* name, cudaDeviceAttr attr)
{
    int value = 0;
    if (cudaDeviceGetAttribute(&value, attr, 0) == cudaSuccess)
        std::printf("prop,%s,%d\n", name, value);
    else
        cudaGetLastError();
}

int main()
{
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    std::printf("prop,name,%s\n", p.name);
    std::printf("prop,compute_capability,%d.%d\n", p.major, p.minor);
    std::printf("prop,multiProcessorCount,%d\n", p.multiProcessorCount);
    std::printf("prop,totalGlobalMem,%zu\n", p.totalGlobalMem);
    std::printf("prop,sharedMemPerMultiprocessor,%zu\n", p.sharedMemPerMultiprocessor);
    std::printf("prop,sharedMemPerBlock,%zu\n", p.sharedMemPerBlock);
    std::printf("prop,sharedMemPerBlockOptin,%zu\n", p.sharedMemPerBlockOptin);
    std::printf("prop,reservedSharedMemPerBlock,%zu\n", p.reservedSharedMemPerBlock);
    std::printf("prop,regsPerMultiprocessor,%d\n", p.regsPerMultiprocessor);
    std::printf("prop,regsPerBlock,%d\n", p.regsPerBlock);
    std::printf("prop,maxThreadsPerMultiProcessor,%d\n", p.maxThreadsPerMultiProcessor);
    std::printf("prop,maxThreadsPerBlock,%d\n", p.maxThreadsPerBlock);
    std::printf("prop,maxBlocksPerMultiProcessor,%d\n", p.maxBlocksPerMultiProcessor);
    std::printf("prop,maxThreadsDim,%d,%d,%d\n", p.maxThreadsDim[0], p.maxThreadsDim[1], p.maxThreadsDim[2]);
    std::printf("prop,maxGridSize,%d,%d,%d\n", p.maxGridSize[0], p.maxGridSize[1], p.maxGridSize[2]);
    std::printf("prop,warpSize,%d\n", p.warpSize);
    std::printf("prop,memoryBusWidth,%d\n", p.memoryBusWidth);
    std::printf("prop,l2CacheSize,%d\n", p.l2CacheSize);
    std::printf("prop,asyncEngineCount,%d\n", p.asyncEngineCount);
    std::printf("prop,totalConstMem,%zu\n", p.totalConstMem);
    std::printf("prop,pciGen_linkwidth_see_nvidia_smi,0\n");
    attribute("clockRate_kHz", cudaDevAttrClockRate);
    attribute("memoryClockRate_kHz", cudaDevAttrMemoryClockRate);
    attribute("globalL1CacheSupported", cudaDevAttrGlobalL1CacheSupported);
    attribute("maxSharedMemoryPerMultiprocessor", cudaDevAttrMaxSharedMemoryPerMultiprocessor);

    const int blocks[] = { 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 384, 448, 512, 576, 640, 768, 896, 1024 };
    const int smems[] = { 0, 1, 1024, 2048, 4096, 8192, 12288, 16384, 24576, 32768, 40960, 49152, 65536, 81920,
        100000, 102400, 131072, 163840, 200000, 232448 };
    const int nb = sizeof(blocks) / sizeof(blocks[0]);
    const int ns = sizeof(smems) / sizeof(smems[0]);
    const int optin = static_cast<int>(p.sharedMemPerBlockOptin);
    int rc = 0;
    rc |= probe<16>(blocks, nb, smems, ns, optin);
    rc |= probe<24>(blocks, nb, smems, ns, optin);
    rc |= probe<32>(blocks, nb, smems, ns, optin);
    rc |= probe<37>(blocks, nb, smems, ns, optin);
    rc |= probe<40>(blocks, nb, smems, ns, optin);
    rc |= probe<48>(blocks, nb, smems, ns, optin);
    rc |= probe<56>(blocks, nb, smems, ns, optin);
    rc |= probe<64>(blocks, nb, smems, ns, optin);
    rc |= probe<72>(blocks, nb, smems, ns, optin);
    rc |= probe<96>(blocks, nb, smems, ns, optin);
    rc |= probe<128>(blocks, nb, smems, ns, optin);
    rc |= probe<168>(blocks, nb, smems, ns, optin);
    rc |= probe<255>(blocks, nb, smems, ns, optin);
    return rc;
}

// Throughput of shared-memory loads by width and pattern on the GPU it runs on: every SM holds 64 warps that
// each issue 4096 loads (ld.volatile.shared.u32, .v2.u32 or .v4.u32; volatile so that ptxas keeps every one)
// back to back, either all lanes at one address (broadcast) or lane i at i x width (consecutive, no bank
// conflict). The SM cycles per load instruction show what a shared load costs beyond its wavefronts
// (docs/latency_h100.md).
// Output: CSV "shared,<width_bytes>,<pattern>,<loads_per_sm>,<cycles>,<cycles_per_load_per_sm>"
#include <cstdio>
#include <cuda_runtime.h>

constexpr int kLoads = 4096;

template <int Width, bool Broadcast>
__global__ void sharedLoads(unsigned* out, long long* cycles)
{
    __shared__ __align__(16) unsigned words[2048];
    for (int i = threadIdx.x; i < 2048; i += blockDim.x)
        words[i] = i;
    __syncthreads();
    const unsigned base = static_cast<unsigned>(__cvta_generic_to_shared(words));
    const unsigned lane = threadIdx.x & 31;
    // Four addresses per thread, cycled, so the loads are independent of each other.
    unsigned addr[4];
    for (int k = 0; k < 4; ++k)
        addr[k] = base + (Broadcast ? k * 512u : k * 512u + lane * Width);
    unsigned acc = 0;
    const long long c0 = clock64();
#pragma unroll 16
    for (int i = 0; i < kLoads; ++i) {
        const unsigned a = addr[i & 3];
        if constexpr (Width == 4) {
            unsigned x;
            asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(x) : "r"(a));
            acc ^= x;
        } else if constexpr (Width == 8) {
            unsigned x, y;
            asm volatile("ld.volatile.shared.v2.u32 {%0, %1}, [%2];" : "=r"(x), "=r"(y) : "r"(a));
            acc ^= x ^ y;
        } else {
            unsigned x, y, z, w;
            asm volatile("ld.volatile.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(x), "=r"(y), "=r"(z), "=r"(w) : "r"(a));
            acc ^= x ^ y ^ z ^ w;
        }
    }
    __syncthreads();
    const long long c1 = clock64();
    if (threadIdx.x == 0) { // clock64 counts per SM: the SM's span is from its first block's start to its last's end
        unsigned sm;
        asm("mov.u32 %0, %%smid;" : "=r"(sm));
        cycles[3 * blockIdx.x] = sm;
        cycles[3 * blockIdx.x + 1] = c0;
        cycles[3 * blockIdx.x + 2] = c1;
    }
    if (acc == 0x12345678u)
        out[0] = acc;
}

template <int Width, bool Broadcast>
static void run(int sms, unsigned* out, long long* cycles)
{
    const int blocks = sms * 2, threads = 1024; // 64 warps per SM
    sharedLoads<Width, Broadcast><<<blocks, threads>>>(out, cycles);
    cudaDeviceSynchronize();
    sharedLoads<Width, Broadcast><<<blocks, threads>>>(out, cycles);
    static long long host[3 * 1024], first[1024], last[1024], blocksOn[1024];
    cudaMemcpy(host, cycles, 3 * blocks * sizeof(long long), cudaMemcpyDeviceToHost);
    for (int sm = 0; sm < sms; ++sm) {
        first[sm] = -1;
        last[sm] = blocksOn[sm] = 0;
    }
    for (int b = 0; b < blocks; ++b) {
        const long long sm = host[3 * b];
        first[sm] = first[sm] < 0 || host[3 * b + 1] < first[sm] ? host[3 * b + 1] : first[sm];
        last[sm] = host[3 * b + 2] > last[sm] ? host[3 * b + 2] : last[sm];
        ++blocksOn[sm];
    }
    // The SM that took longest per load it ran.
    double worst = 0;
    long long longest = 0;
    for (int sm = 0; sm < sms; ++sm) {
        if (blocksOn[sm] == 0)
            continue;
        const double perLoad = double(last[sm] - first[sm]) / (32.0 * blocksOn[sm] * kLoads);
        if (perLoad > worst) {
            worst = perLoad;
            longest = last[sm] - first[sm];
        }
    }
    const double loadsPerSm = 64.0 * kLoads;
    std::printf("shared,%d,%s,%.0f,%lld,%.3f\n", Width, Broadcast ? "broadcast" : "consecutive", loadsPerSm, longest,
        worst);
}

int main()
{
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    unsigned* out = nullptr;
    long long* cycles = nullptr;
    cudaMalloc(&out, 16);
    cudaMalloc(&cycles, 3 * 1024 * sizeof(long long));
    for (int rep = 0; rep < 2; ++rep) {
        run<4, true>(sms, out, cycles);
        run<4, false>(sms, out, cycles);
        run<8, true>(sms, out, cycles);
        run<8, false>(sms, out, cycles);
        run<16, true>(sms, out, cycles);
        run<16, false>(sms, out, cycles);
    }
    if (cudaError_t e = cudaGetLastError(); e != cudaSuccess)
        std::printf("error,%s\n", cudaGetErrorString(e));
    return 0;
}

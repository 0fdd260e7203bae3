// Load-to-use latency of the memory levels, in SM cycles, by pointer chasing (one thread; each load's
// address is the previous load's value, so loads cannot overlap). The device profiles' l1_hit_latency_cycles,
// l2_hit_latency_cycles and dram_latency_cycles are what one dependent load costs when it is served by that
// level (docs/latency_h100.md).
//   L1:   a warmed chain of 128 lines (16 KB) in random order, ld.global.ca;
//   L2:   a warmed chain of 131 072 lines (16 MB, above L1, below L2) in random order, ld.global.cg (L2 only);
//   DRAM: a first pass over a chain that steps 4224 bytes through 1 GB after 256 MB of other writes evicted
//         it from L2 (no line reused; 2 MB pages, so a TLB miss only every ~500 loads), ld.global.cg;
//   DRAM random: the same after a random order over the 1 GB (TLB misses included);
//   shared: a chain of 32-bit offsets through 16 KB of shared memory in random order (ld.shared.u32);
//   fp32: a chain of dependent fma.rn.f32.
// Output: CSV "latency,<level>,<bytes>,<loads>,<cycles_per_load>,<ns_per_load>"
#include <algorithm>
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>
#include <numeric>
#include <random>
#include <vector>

template <bool Cg>
__global__ void chase(const std::uint64_t* start, int loads, std::uint64_t* out)
{
    const std::uint64_t* p = start;
    unsigned long long t0, t1;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
    const long long c0 = clock64();
    for (int i = 0; i < loads; ++i) {
        std::uint64_t next;
        if (Cg)
            asm volatile("ld.global.cg.u64 %0, [%1];" : "=l"(next) : "l"(p));
        else
            asm volatile("ld.global.ca.u64 %0, [%1];" : "=l"(next) : "l"(p));
        p = reinterpret_cast<const std::uint64_t*>(next);
    }
    const long long c1 = clock64();
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1));
    out[0] = static_cast<std::uint64_t>(c1 - c0);
    out[1] = t1 - t0;
    out[2] = reinterpret_cast<std::uint64_t>(p); // keeps the chain
}

__global__ void sharedChase(const unsigned* order, int loads, std::uint64_t* out)
{
    __shared__ unsigned next[4096];
    const auto base = static_cast<unsigned>(__cvta_generic_to_shared(next));
    for (int i = 0; i < 4096; ++i)
        next[i] = base + order[i]; // shared-window addresses, so each load's value is the next load's address
    __syncwarp();
    unsigned p = base;
    const long long c0 = clock64();
    for (int i = 0; i < loads; ++i)
        asm volatile("ld.shared.u32 %0, [%1];" : "=r"(p) : "r"(p) : "memory");
    const long long c1 = clock64();
    out[0] = static_cast<std::uint64_t>(c1 - c0);
    out[1] = 0;
    out[2] = p;
}

__global__ void fmaChain(float seed, int ops, std::uint64_t* out)
{
    float x = seed;
    const long long c0 = clock64();
    for (int i = 0; i < ops; i += 4) {
        asm volatile("fma.rn.f32 %0, %0, 0f3F7FFFFE, 0f3F800000;" : "+f"(x));
        asm volatile("fma.rn.f32 %0, %0, 0f3F7FFFFE, 0f3F800000;" : "+f"(x));
        asm volatile("fma.rn.f32 %0, %0, 0f3F7FFFFE, 0f3F800000;" : "+f"(x));
        asm volatile("fma.rn.f32 %0, %0, 0f3F7FFFFE, 0f3F800000;" : "+f"(x));
    }
    const long long c1 = clock64();
    out[0] = static_cast<std::uint64_t>(c1 - c0);
    out[1] = 0;
    out[2] = __float_as_uint(x);
}

static void onChip(std::uint64_t* out)
{
    // Shared: byte offsets of a random cyclic order over 4096 words.
    std::vector<unsigned> perm(4096);
    std::iota(perm.begin(), perm.end(), 0u);
    std::shuffle(perm.begin() + 1, perm.end(), std::mt19937(3));
    std::vector<unsigned> next(4096);
    for (std::size_t i = 0; i < perm.size(); ++i)
        next[perm[i]] = perm[(i + 1) % perm.size()] * 4;
    unsigned* order = nullptr;
    cudaMalloc(&order, next.size() * 4);
    cudaMemcpy(order, next.data(), next.size() * 4, cudaMemcpyHostToDevice);
    std::uint64_t h[3] = {};
    for (int rep = 0; rep < 3; ++rep) {
        sharedChase<<<1, 1>>>(order, 4096, out);
        cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
        std::printf("latency,shared,16384,4096,%.1f,\n", double(h[0]) / 4096);
        fmaChain<<<1, 1>>>(1.0f, 4096, out);
        cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
        std::printf("latency,fp32_fma,0,4096,%.1f,\n", double(h[0]) / 4096);
    }
    cudaFree(order);
}

// Writes a chain through `order` (offsets in bytes into `base`), closed into a ring.
static void buildChain(char* base, const std::vector<std::size_t>& order)
{
    std::vector<std::uint64_t> host(1);
    for (std::size_t i = 0; i < order.size(); ++i) {
        host[0] = reinterpret_cast<std::uint64_t>(base + order[(i + 1) % order.size()]);
        cudaMemcpy(base + order[i], host.data(), 8, cudaMemcpyHostToDevice);
    }
}

static std::vector<std::size_t> randomLines(std::size_t bytes, std::size_t step, unsigned seed)
{
    std::vector<std::size_t> order(bytes / step);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), std::mt19937(seed));
    for (auto& o : order)
        o *= step;
    return order;
}

static void run(const char* level, char* base, std::size_t bytes, std::size_t first, int loads, bool cg, bool warm,
    std::uint64_t* out, char* scratch, std::size_t scratchBytes)
{
    const auto* start = reinterpret_cast<const std::uint64_t*>(base + first);
    if (warm) {
        if (cg)
            chase<true><<<1, 1>>>(start, loads, out);
        else
            chase<false><<<1, 1>>>(start, loads, out);
    } else {
        cudaMemset(scratch, 1, scratchBytes);
    }
    cudaDeviceSynchronize();
    if (cg)
        chase<true><<<1, 1>>>(start, loads, out);
    else
        chase<false><<<1, 1>>>(start, loads, out);
    std::uint64_t h[3] = {};
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    std::printf("latency,%s,%zu,%d,%.1f,%.1f\n", level, bytes, loads, double(h[0]) / loads, double(h[1]) / loads);
}

int main()
{
    std::uint64_t* out = nullptr;
    cudaMalloc(&out, 3 * sizeof(std::uint64_t));
    onChip(out);
    const std::size_t gib = std::size_t(1) << 30, scratchBytes = std::size_t(256) << 20;
    char* big = nullptr;
    char* scratch = nullptr;
    cudaMalloc(&big, gib);
    cudaMalloc(&scratch, scratchBytes);

    for (int rep = 0; rep < 3; ++rep) {
        auto l1 = randomLines(16 << 10, 128, 1 + rep);
        buildChain(big, l1);
        run("L1", big, 16 << 10, l1[0], 4096, false, true, out, scratch, scratchBytes);

        // The L2 chain is built by a kernel-free host loop of 131 072 copies: slow but once per repetition.
        if (rep == 0) {
            auto l2 = randomLines(16 << 20, 128, 7);
            buildChain(big, l2);
            run("L2", big, 16 << 20, l2[0], 65536, true, true, out, scratch, scratchBytes);
            run("L2_via_L1_miss", big, 16 << 20, l2[0], 65536, false, true, out, scratch, scratchBytes);
        }

        std::vector<std::size_t> seq;
        for (std::size_t o = 0; o + 8 <= gib && seq.size() < 16384; o += 4224)
            seq.push_back(o);
        buildChain(big, seq);
        run("DRAM", big, gib, seq[0], 8192, true, false, out, scratch, scratchBytes);

        auto rnd = randomLines(gib, 4224, 11 + rep);
        rnd.resize(16384);
        buildChain(big, rnd);
        run("DRAM_random_1GB", big, gib, rnd[0], 8192, true, false, out, scratch, scratchBytes);
    }
    if (cudaError_t e = cudaGetLastError(); e != cudaSuccess)
        std::printf("error,%s\n", cudaGetErrorString(e));
    return 0;
}

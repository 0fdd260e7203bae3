// How long an SM waits between retiring a block and starting the block that takes its place, on the GPU it runs
// on (docs/block_replacement_h100.md). Every block's first thread reads clock64() as its first instruction and,
// after the block's last __syncthreads, as its last; with %smid that gives, per SM, when each block started and
// ended. Dynamic shared memory holds the resident blocks per SM to 1, 2 or 4, so the blocks of later waves start
// only when a block of the same SM retires: the gap from an end to the next start on that SM is the replacement
// time. The blocks spin on a dependent FMA chain for `spin` iterations so that waves do not overlap by chance.
// Output: "gap,<threads>,<resident>,<spin>,<gaps>,<min>,<p10>,<median>,<p90>,<max>,<block_cycles_median>" (SM
// cycles) and, with `raw`, one "block,<threads>,<resident>,<spin>,<sm>,<start>,<end>" line per block.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <vector>

struct Record {
    unsigned long long start, end;
    unsigned sm, pad;
};

__global__ void timedBlock(Record* records, int spin, float* sink)
{
    const unsigned long long start = clock64();
    extern __shared__ float scratch[];
    float x = float(threadIdx.x);
    for (int i = 0; i < spin; ++i)
        x = x * 0.9999f + 1.0f;
    scratch[threadIdx.x] = x;
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned sm;
        asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
        const unsigned long long end = clock64();
        records[blockIdx.x] = Record { start, end, sm, 0 };
        if (scratch[1] == -1.0f)
            *sink = x; // never: keeps the chain
    }
}

static unsigned long long percentile(std::vector<unsigned long long> v, double q)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[static_cast<size_t>(q * double(v.size() - 1) + 0.5)];
}

int main(int argc, char** argv)
{
    const bool raw = argc > 1 && std::strcmp(argv[1], "raw") == 0;
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    int smemPerSm = 0, smemPerBlock = 0;
    cudaDeviceGetAttribute(&smemPerSm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, 0);
    cudaDeviceGetAttribute(&smemPerBlock, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
    cudaFuncSetAttribute(timedBlock, cudaFuncAttributeMaxDynamicSharedMemorySize, smemPerBlock);
    const int waves = 8;
    Record* records = nullptr;
    float* sink = nullptr;
    cudaMalloc(&records, sizeof(Record) * sms * 4 * waves);
    cudaMalloc(&sink, sizeof(float));
    for (int threads : { 32, 256, 1024 })
        for (int resident : { 1, 2, 4 })
            for (int spin : { 0, 2000 }) {
                // The most shared memory that still lets `resident` blocks (and their 1 KB reserves) fit.
                const size_t smem = std::min(size_t(smemPerBlock), size_t(smemPerSm / resident - 1024) & ~size_t(1023));
                int fits = 0;
                cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fits, timedBlock, threads, smem);
                if (fits != resident)
                    continue; // e.g. four 1 024-thread blocks
                const int blocks = sms * resident * waves;
                for (int rep = 0; rep < 2; ++rep) // the first launch warms up
                    timedBlock<<<blocks, threads, smem>>>(records, spin, sink);
                cudaDeviceSynchronize();
                std::vector<Record> h(blocks);
                cudaMemcpy(h.data(), records, sizeof(Record) * blocks, cudaMemcpyDeviceToHost);
                std::vector<unsigned long long> gaps, lengths;
                for (int sm = 0; sm < sms; ++sm) {
                    std::vector<Record> on;
                    for (const Record& r : h)
                        if (int(r.sm) == sm)
                            on.push_back(r);
                    std::sort(on.begin(), on.end(), [](const Record& a, const Record& b) { return a.start < b.start; });
                    for (const Record& r : on) {
                        lengths.push_back(r.end - r.start);
                        if (raw)
                            std::printf("block,%d,%d,%d,%d,%llu,%llu\n", threads, resident, spin, sm, r.start, r.end);
                        // The latest end before this start: the block whose slot it took (none in the first wave).
                        unsigned long long latest = 0;
                        for (const Record& e : on)
                            if (e.end <= r.start)
                                latest = std::max(latest, e.end);
                        if (latest != 0)
                            gaps.push_back(r.start - latest);
                    }
                }
                std::printf("gap,%d,%d,%d,%zu,%llu,%llu,%llu,%llu,%llu,%llu\n", threads, resident, spin, gaps.size(),
                    percentile(gaps, 0), percentile(gaps, 0.1), percentile(gaps, 0.5), percentile(gaps, 0.9),
                    percentile(gaps, 1), percentile(lengths, 0.5));
            }
    if (cudaError_t e = cudaGetLastError(); e != cudaSuccess)
        std::printf("error,%s\n", cudaGetErrorString(e));
    return 0;
}

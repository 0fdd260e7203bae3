// Asynchronous copies into shared memory, as the Programming Guide teaches them ("Asynchronous Data Copies",
// "Asynchronous Barrier"; PTX ISA 8.5 §9.7.9.25 cp.async, §9.7.13.15 mbarrier).
//
// doubleBufferedScale: each block walks tiles blockIdx.x, blockIdx.x + gridDim.x, ...; while it works on one
//   tile the next one is already on its way (cp.async 16 bytes per thread into the other stage; commit_group;
//   wait_group 1). out[i] = a * tile[(t + 1) % TILE]: every thread reads a neighbour's element, so the whole
//   tile must have arrived. Launch: block TILE (256), any grid; n = tiles * TILE float4.
// boundedCopy: cp.async with a source size (the zero-fill form): the last tile's elements past n read as zero.
//   out[i] = tile[t] for i < round_up(n, TILE). Launch: block TILE, grid ceil(n / TILE).
// barrierReverse: cuda::memcpy_async of a block's 256 ints into shared memory completed on a cuda::barrier
//   (cp.async + cp.async.mbarrier.arrive + mbarrier.arrive / try_wait); out = the block's ints reversed.
//   Launch: block 256, grid n / 256.
// bulkReverse (sm_90 and later; elsewhere it copies element by element): one thread moves the block's 1024
//   bytes with cp.async.bulk, completed on an mbarrier through its transaction count (mbarrier.arrive.expect_tx,
//   mbarrier.try_wait.parity); out = the block's ints reversed, then written back with a bulk copy shared ->
//   global. Launch: block 256, grid n / 256.
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda_pipeline.h>

namespace cg = cooperative_groups;

constexpr int TILE = 256;

__global__ void doubleBufferedScale(const float4* in, float4* out, int tiles, float a)
{
    __shared__ float4 stage[2][TILE];
    const int t = threadIdx.x;
    int tile = blockIdx.x;
    int s = 0;
    if (tile < tiles)
        __pipeline_memcpy_async(&stage[0][t], &in[tile * TILE + t], sizeof(float4));
    __pipeline_commit();
    for (; tile < tiles; tile += gridDim.x) {
        const int next = tile + gridDim.x;
        if (next < tiles)
            __pipeline_memcpy_async(&stage[s ^ 1][t], &in[next * TILE + t], sizeof(float4));
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();
        const float4 v = stage[s][(t + 1) % TILE];
        out[tile * TILE + t] = make_float4(a * v.x, a * v.y, a * v.z, a * v.w);
        __syncthreads();
        s ^= 1;
    }
}

__global__ void boundedCopy(const float* in, float* out, int n)
{
    __shared__ float tile[TILE];
    const int t = threadIdx.x;
    const int i = blockIdx.x * TILE + t;
    const int inside = i < n ? 1 : 0;
    // Lanes past the end read nothing (zero-fill of all 4 bytes) from an address that stays inside `in`.
    __pipeline_memcpy_async(&tile[t], &in[inside ? i : 0], sizeof(float), inside ? 0 : sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    out[i] = tile[(t + 1) % TILE] + tile[t];
}

__global__ void barrierReverse(const int* in, int* out)
{
    __shared__ int values[TILE];
#pragma nv_diag_suppress static_var_with_dynamic_init
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    auto block = cg::this_thread_block();
    if (block.thread_rank() == 0)
        init(&bar, block.size());
    block.sync();
    cuda::memcpy_async(block, values, in + blockIdx.x * TILE, sizeof(int) * TILE, bar);
    bar.arrive_and_wait();
    out[blockIdx.x * TILE + threadIdx.x] = values[TILE - 1 - threadIdx.x];
}

__global__ void bulkReverse(const int* in, int* out)
{
    __shared__ alignas(128) int values[TILE];
    __shared__ alignas(128) int reversed[TILE];
    const int t = threadIdx.x;
#if __CUDA_ARCH__ >= 900
    __shared__ alignas(8) unsigned long long bar;
    const unsigned barAddr = static_cast<unsigned>(__cvta_generic_to_shared(&bar));
    if (t == 0)
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(barAddr));
    __syncthreads();
    if (t == 0) {
        const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(values));
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(barAddr), "r"(int(sizeof(values))));
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                     ::"r"(dst), "l"(in + blockIdx.x * TILE), "r"(int(sizeof(values))), "r"(barAddr)
                     : "memory");
    }
    unsigned done = 0;
    while (!done)
        asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                     : "=r"(done)
                     : "r"(barAddr)
                     : "memory");
    reversed[t] = values[TILE - 1 - t];
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (t == 0) {
        const unsigned src = static_cast<unsigned>(__cvta_generic_to_shared(reversed));
        asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(out + blockIdx.x * TILE),
                     "r"(src), "r"(int(sizeof(reversed)))
                     : "memory");
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
    }
#else
    values[t] = in[blockIdx.x * TILE + t];
    __syncthreads();
    reversed[t] = values[TILE - 1 - t];
    __syncthreads();
    out[blockIdx.x * TILE + t] = reversed[t];
#endif
}

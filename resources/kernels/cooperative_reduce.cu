// Cooperative-groups reductions: thread_block_tile<32> and <64> with cg::reduce (a tile wider than a warp
// keeps its barrier and scratch in the reserved shared memory, %reserved_smem_offset_1), a grid-wide sum
// with grid_group::sync() under cudaLaunchCooperativeKernel, and the warp intrinsics cooperative groups
// build on: __activemask, __match_any_sync/__match_all_sync, __reduce_*_sync (redux.sync, sm_80 and
// later) and elect.sync (sm_90). Launch: the tile and grid kernels on n ints with 256-thread blocks (the
// grid kernel cooperatively, at most as many blocks as can be resident); warpIntrinsics<<<1, 64>>>(out).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

template <unsigned Tile>
__device__ void tileReduce(const int* in, int* out, int n)
{
    cg::thread_block_tile<Tile> tile = cg::tiled_partition<Tile>(cg::this_thread_block());
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int sum = cg::reduce(tile, i < n ? in[i] : 0, cg::plus<int>());
    if (tile.thread_rank() == 0)
        atomicAdd(out, sum);
}

__global__ void tile32Reduce(const int* in, int* out, int n) { tileReduce<32>(in, out, n); }

__global__ void tile64Reduce(const int* in, int* out, int n) { tileReduce<64>(in, out, n); }

// partial[] gets each block's sum; after grid.sync() thread 0 of block 0 adds them up.
__global__ void gridReduce(const int* in, int* partial, int* out, int n)
{
    cg::grid_group grid = cg::this_grid();
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    __shared__ int warpSums[32];
    int sum = 0;
    for (int i = grid.thread_rank(); i < n; i += grid.size())
        sum += in[i];
    sum = cg::reduce(warp, sum, cg::plus<int>());
    if (warp.thread_rank() == 0)
        warpSums[warp.meta_group_rank()] = sum;
    block.sync();
    if (block.thread_rank() == 0) {
        int b = 0;
        for (unsigned w = 0; w < warp.meta_group_size(); ++w)
            b += warpSums[w];
        partial[blockIdx.x] = b;
    }
    grid.sync();
    if (grid.thread_rank() == 0) {
        int total = 0;
        for (unsigned b = 0; b < gridDim.x; ++b)
            total += partial[b];
        *out = total;
    }
}

// out[0..63]: match_any of tid % 4; out[64..127]: match_all of tid / 64 xor its predicate;
// out[128..191]: the lanes active in the odd-lane branch; out[192..255]: reductions (sm_80+);
// out[256..319]: elect.sync's leader * 2 + its predicate among lanes 5..31 (sm_90).
__global__ void warpIntrinsics(unsigned* out)
{
    const unsigned t = threadIdx.x;
    out[t] = __match_any_sync(0xffffffffu, t % 4);
    int pred = 0;
    out[64 + t] = __match_all_sync(0xffffffffu, t / 64, &pred) ^ static_cast<unsigned>(pred);
    if (t % 2 == 1)
        out[128 + t] = __activemask();
#if __CUDA_ARCH__ >= 800
    out[192 + t] = __reduce_add_sync(0xffffffffu, t) + __reduce_max_sync(0xffffffffu, t * 3 % 7)
        + __reduce_or_sync(t % 32 < 16 ? 0x0000ffffu : 0xffff0000u, t) + static_cast<unsigned>(__reduce_min_sync(0xffffffffu, static_cast<int>(t) - 5))
        + __reduce_xor_sync(0xffffffffu, t * 7) + __reduce_and_sync(0xffffffffu, t | 0x100u);
#endif
#if __CUDA_ARCH__ >= 900
    if (t % 32 >= 5) { // lanes 5..31 of each warp take part; lane 5 is elected
        unsigned leader = 0;
        unsigned elected = 0;
        asm volatile("{ .reg .pred p; elect.sync %0|p, %2; selp.u32 %1, 1, 0, p; }"
                     : "=r"(leader), "=r"(elected)
                     : "r"(__activemask()));
        out[256 + t] = leader * 2 + elected;
    }
#endif
}

// Thread-block clusters and distributed shared memory (CUDA C++ Programming Guide, "Thread Block Clusters",
// "Distributed Shared Memory"; PTX ISA 8.5 §9.7.9.15 mapa, §9.7.13.2 barrier.cluster).
//
// clusterExchange (__cluster_dims__(2, 1, 1)): each CTA stages its 256 ints in shared memory; after cluster.sync()
//   each thread reads its partner CTA's (rank ^ 1) shared memory, reversed:
//   out[b * 256 + t] = in[partner * 256 + 255 - t] * 10 + rank + cluster size.
// clusterSum (launched with a cluster shape, e.g. "cluster": [4, 1, 1]): every thread sums element t of every
//   CTA of its cluster through distributed shared memory:
//   out[b * 256 + t] = sum over ranks r of in[(cluster * size + r) * 256 + t] + 1000 * rank + 100000 * size.
// Launch: block 256, grid a multiple of the cluster. Before compute capability 9.0 (no clusters) both compute
// the same from global memory, with a cluster of one CTA.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

constexpr int TILE = 256;

#if __CUDA_ARCH__ >= 900
__global__ void __cluster_dims__(2, 1, 1) clusterExchange(const int* in, int* out)
{
    __shared__ int staged[TILE];
    cg::cluster_group cluster = cg::this_cluster();
    const unsigned rank = cluster.block_rank();
    staged[threadIdx.x] = in[blockIdx.x * TILE + threadIdx.x];
    cluster.sync();
    const int* partner = cluster.map_shared_rank(staged, rank ^ 1);
    out[blockIdx.x * TILE + threadIdx.x] = partner[TILE - 1 - threadIdx.x] * 10 + int(rank) + int(cluster.num_blocks());
    cluster.sync(); // the partner must not leave while its shared memory is read
}

__global__ void clusterSum(const int* in, int* out)
{
    __shared__ int staged[TILE];
    cg::cluster_group cluster = cg::this_cluster();
    staged[threadIdx.x] = in[blockIdx.x * TILE + threadIdx.x];
    cluster.sync();
    int sum = 0;
    for (unsigned r = 0; r < cluster.num_blocks(); ++r)
        sum += cluster.map_shared_rank(staged, r)[threadIdx.x];
    out[blockIdx.x * TILE + threadIdx.x]
        = sum + int(cluster.block_rank()) * 1000 + int(cluster.num_blocks()) * 100000;
    cluster.sync();
}
#else
__global__ void clusterExchange(const int* in, int* out)
{
    const unsigned rank = blockIdx.x % 2;
    const unsigned partner = blockIdx.x - rank + (rank ^ 1);
    out[blockIdx.x * TILE + threadIdx.x] = in[partner * TILE + TILE - 1 - threadIdx.x] * 10 + int(rank) + 2;
}

__global__ void clusterSum(const int* in, int* out)
{
    out[blockIdx.x * TILE + threadIdx.x] = in[blockIdx.x * TILE + threadIdx.x] + 100000;
}
#endif

// The bundled thread-block cluster kernels (resources/kernels/cluster_exchange.cu) on a real GPU at the scenario's
// default sizes (64 blocks of 256 threads; clusterExchange in its __cluster_dims__ pairs, clusterSum in clusters of
// 4 through cudaLaunchKernelEx), so outputs compare byte for byte and times side by side (docs/clusters.md).
//   cluster_probe run DIR    writes DIR/clusterExchange.bin, DIR/clusterSum.bin; prints kernel,median_us (21 runs)
//   cluster_probe once DIR   launches each kernel once (for ncu)
#include "probe_io.h"
#include "probe_timing.h"

#include <cooperative_groups.h>

#include <string>
#include <vector>

namespace cx {
#include "../../resources/kernels/cluster_exchange.cu"
}

namespace {

constexpr int kBlocks = 64;
constexpr int kCluster = 4;

} // namespace

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: cluster_probe run|once DIR\n");
        return 2;
    }
    const bool timed = std::string(argv[1]) == "run";
    const std::string dir = argv[2];
    std::vector<int> iota(kBlocks * 256);
    for (int i = 0; i < kBlocks * 256; ++i)
        iota[i] = i;
    int *in, *exchanged, *summed;
    check(cudaMalloc(&in, iota.size() * 4), "malloc");
    check(cudaMalloc(&exchanged, iota.size() * 4), "malloc");
    check(cudaMalloc(&summed, iota.size() * 4), "malloc");
    cudaMemcpy(in, iota.data(), iota.size() * 4, cudaMemcpyHostToDevice);
    const auto exchange = [&] { cx::clusterExchange<<<kBlocks, 256>>>(in, exchanged); };
    const auto sum = [&] {
        cudaLaunchConfig_t config = {};
        config.gridDim = kBlocks;
        config.blockDim = 256;
        cudaLaunchAttribute attribute;
        attribute.id = cudaLaunchAttributeClusterDimension;
        attribute.val.clusterDim.x = kCluster;
        attribute.val.clusterDim.y = 1;
        attribute.val.clusterDim.z = 1;
        config.attrs = &attribute;
        config.numAttrs = 1;
        check(cudaLaunchKernelEx(&config, cx::clusterSum, static_cast<const int*>(in), summed), "cluster launch");
    };
    exchange();
    sum();
    check(cudaDeviceSynchronize(), "kernels");
    if (!timed)
        return 0;
    saveDevice(dir + "/clusterExchange.bin", exchanged, iota.size() * 4);
    saveDevice(dir + "/clusterSum.bin", summed, iota.size() * 4);
    std::printf("kernel,median_us\nclusterExchange,%.3f\nclusterSum,%.3f\n", 1000.0f * medianEventMs(exchange),
        1000.0f * medianEventMs(sum));
    return 0;
}

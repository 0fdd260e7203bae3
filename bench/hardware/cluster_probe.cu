// The bundled thread-block cluster kernels (resources/kernels/cluster_exchange.cu) on a real GPU at the scenario's
// default sizes (64 blocks of 256 threads; clusterExchange in its __cluster_dims__ pairs, clusterSum in clusters of
// 4 through cudaLaunchKernelEx), so outputs compare byte for byte and times side by side (docs/clusters.md).
//   cluster_probe run DIR    writes DIR/clusterExchange.bin, DIR/clusterSum.bin; prints kernel,median_us
//   cluster_probe once DIR   launches each kernel once (for ncu)
#include <cooperative_groups.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace cx {
#include "../../resources/kernels/cluster_exchange.cu"
}

namespace {

constexpr int kBlocks = 64;
constexpr int kCluster = 4;

void check(cudaError_t e, const char* what)
{
    if (e != cudaSuccess) {
        std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        std::exit(1);
    }
}

float medianMicroseconds(const std::function<void()>& launch)
{
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    std::vector<float> times;
    for (int i = 0; i < 20; ++i) {
        cudaEventRecord(start);
        launch();
        cudaEventRecord(stop);
        cudaEventSynchronize(stop);
        float ms = 0;
        cudaEventElapsedTime(&ms, start, stop);
        times.push_back(ms * 1000.0f);
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

void save(const std::string& path, const int* device)
{
    std::vector<int> host(kBlocks * 256);
    check(cudaMemcpy(host.data(), device, host.size() * 4, cudaMemcpyDeviceToHost), "copy back");
    FILE* f = std::fopen(path.c_str(), "wb");
    std::fwrite(host.data(), 4, host.size(), f);
    std::fclose(f);
}

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
    save(dir + "/clusterExchange.bin", exchanged);
    save(dir + "/clusterSum.bin", summed);
    std::printf("kernel,median_us\nclusterExchange,%.3f\nclusterSum,%.3f\n", medianMicroseconds(exchange),
        medianMicroseconds(sum));
    return 0;
}

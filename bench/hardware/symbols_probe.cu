// The constant-memory and source-tree kernels of issue 20 on a real GPU with the bundled scenarios' inputs
// (resources/scenarios/convolution_const.json, tests/engine/data/include_tree/tree.json), so their outputs can be
// compared with warpscope's --dump files byte for byte (docs/symbols_h100.md). Built with the tree's include
// folder and define: nvcc -I tests/engine/data/include_tree/include -DOFFSET=7.
//   symbols_probe DIR   writes DIR/convolveRow.bin, DIR/convolveTapPerThread.bin, DIR/d_outputs.bin,
//                       DIR/weightedSum.bin
#include "probe_io.h"

#include <string>
#include <vector>

namespace conv {
#include "../../resources/kernels/convolution_const.cu"
}
namespace tree {
#include "../../tests/engine/data/include_tree/src/tree_kernel.cu"
}

namespace {

void convolution(const std::string& dir)
{
    const int n = 65536, radius = 4, threads = 256; // the scenario's defaults
    std::vector<float> in(n), filter(2 * radius + 1);
    for (int i = 0; i < n; ++i)
        in[i] = float(i);
    for (int i = 0; i < 2 * radius + 1; ++i)
        filter[i] = float(i);
    float *dIn, *dOut, *dTap;
    check(cudaMalloc(&dIn, n * 4), "malloc");
    check(cudaMalloc(&dOut, n * 4), "malloc");
    check(cudaMalloc(&dTap, n * 4), "malloc");
    cudaMemset(dOut, 0, n * 4);
    cudaMemset(dTap, 0, n * 4);
    cudaMemcpy(dIn, in.data(), n * 4, cudaMemcpyHostToDevice);
    check(cudaMemcpyToSymbol(conv::c_filter, filter.data(), filter.size() * 4), "memcpy to symbol");
    conv::convolveRow<<<(n + threads - 1) / threads, threads>>>(dOut, dIn, n, radius);
    conv::convolveTapPerThread<<<(n + threads - 1) / threads, threads>>>(dTap, dIn, n, radius);
    check(cudaDeviceSynchronize(), "convolution");
    unsigned outputs = 0;
    check(cudaMemcpyFromSymbol(&outputs, conv::d_outputs, 4), "memcpy from symbol");
    saveDevice(dir + "/convolveRow.bin", dOut, n * 4);
    saveDevice(dir + "/convolveTapPerThread.bin", dTap, n * 4);
    FILE* f = std::fopen((dir + "/d_outputs.bin").c_str(), "wb");
    std::fwrite(&outputs, 4, 1, f);
    std::fclose(f);
    std::printf("convolution d_outputs %u\n", outputs);
}

void sourceTree(const std::string& dir)
{
    const int n = 1000;
    std::vector<int> in(n), coefficients {0, 1, 2, 3};
    for (int i = 0; i < n; ++i)
        in[i] = i;
    int *dIn, *dOut;
    check(cudaMalloc(&dIn, n * 4), "malloc");
    check(cudaMalloc(&dOut, n * 4), "malloc");
    cudaMemset(dOut, 0, n * 4);
    cudaMemcpy(dIn, in.data(), n * 4, cudaMemcpyHostToDevice);
    check(cudaMemcpyToSymbol(tree::c_coefficients, coefficients.data(), 16), "memcpy to symbol");
    tree::weightedSum<<<4, 256>>>(dOut, dIn, n);
    check(cudaDeviceSynchronize(), "weightedSum");
    saveDevice(dir + "/weightedSum.bin", dOut, n * 4);
    std::printf("weightedSum done\n");
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: symbols_probe DIR\n");
        return 2;
    }
    convolution(argv[1]);
    sourceTree(argv[1]);
    return 0;
}

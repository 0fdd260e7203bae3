// The half-precision kernels of resources/kernels/half_precision.cu, launched as
// resources/scenarios/half_precision.json launches them; writes each output buffer's bytes to
// OUT/half_NAME.bin (compare_half_precision.py compares them with warpscope's --dump) and times
// hfma2Throughput with CUDA events (the best of 10 after a warm-up), printed as CSV.
#include "../../resources/kernels/half_precision.cu"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define CHECK(x)                                                                                                   \
    do {                                                                                                           \
        cudaError_t e = (x);                                                                                       \
        if (e != cudaSuccess) {                                                                                    \
            std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e));                                         \
            std::exit(1);                                                                                          \
        }                                                                                                          \
    } while (0)

void* zeroed(std::size_t bytes)
{
    void* d = nullptr;
    CHECK(cudaMalloc(&d, bytes));
    CHECK(cudaMemset(d, 0, bytes));
    return d;
}

void save(const std::string& folder, const char* name, const void* d, std::size_t bytes)
{
    std::vector<unsigned char> h(bytes);
    CHECK(cudaMemcpy(h.data(), d, bytes, cudaMemcpyDeviceToHost));
    const std::string path = folder + "/half_" + name + ".bin";
    FILE* f = std::fopen(path.c_str(), "wb");
    std::fwrite(h.data(), 1, bytes, f);
    std::fclose(f);
}

int main(int argc, char** argv)
{
    const std::string folder = argc > 1 ? argv[1] : ".";
    const int n = 4096, threads = 256, blocks = 264, rounds = 256;
    auto* h = static_cast<__half*>(zeroed(6 * n * 2));
    auto* h2 = static_cast<__half2*>(zeroed(4 * n * 2));
    auto* flags = static_cast<unsigned*>(zeroed(n * 4));
    auto* b = static_cast<__nv_bfloat16*>(zeroed(5 * n * 2));
    auto* wide = static_cast<float*>(zeroed(n * 4));
    auto* acc = static_cast<__half2*>(zeroed(blocks * threads * 4));
    halfArith<<<n / threads, threads>>>(h, n);
    half2Arith<<<n / threads, threads>>>(h2, flags, n);
    bf16Arith<<<n / threads, threads>>>(b, wide, n);
    hfma2Throughput<<<blocks, threads>>>(acc, rounds);
    CHECK(cudaDeviceSynchronize());
    save(folder, "h", h, 6 * n * 2);
    save(folder, "h2", h2, 4 * n * 2);
    save(folder, "flags", flags, n * 4);
    save(folder, "b", b, 5 * n * 2);
    save(folder, "wide", wide, n * 4);
    save(folder, "acc", acc, blocks * threads * 4);
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    float best = 1e30f;
    for (int i = 0; i < 10; ++i) {
        CHECK(cudaEventRecord(start));
        hfma2Throughput<<<blocks, threads>>>(acc, rounds);
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        best = ms < best ? ms : best;
    }
    std::printf("kernel,blocks,threads,rounds,best_us\nhfma2Throughput,%d,%d,%d,%.3f\n", blocks, threads, rounds,
        best * 1000.0f);
    return 0;
}

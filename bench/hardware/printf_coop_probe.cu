// The device printf and cooperative-groups kernels of resources/kernels, run as the scenarios
// resources/scenarios/device_printf.json and cooperative_reduce.json run them (same inputs, launch shapes,
// cudaLaunchCooperativeKernel for gridReduce), printing what the hardware gives: the printf lines, then
// one CSV line per result. bench/hardware/printf_coop_on_device.sh runs it; compare_printf_coop.py
// compares its output with warpscope-cli's.
#include "../../resources/kernels/cooperative_reduce.cu"
#include "../../resources/kernels/device_printf.cu"

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

template <typename T>
T* deviceArray(const std::vector<T>& host)
{
    T* d = nullptr;
    CHECK(cudaMalloc(&d, host.size() * sizeof(T)));
    CHECK(cudaMemcpy(d, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
    return d;
}

template <typename T>
std::vector<T> hostArray(const T* d, std::size_t n)
{
    std::vector<T> h(n);
    CHECK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
    return h;
}

/// Waits for the launch and says so on stdout at once, so a hang names its launch.
void step(const char* name)
{
    CHECK(cudaDeviceSynchronize());
    std::printf("done,%s\n", name);
    std::fflush(stdout);
}

void printfKernels()
{
    const int n = 128;
    std::vector<float> x(n);
    for (int i = 0; i < n; ++i)
        x[i] = static_cast<float>(i); // the scenario's "iota"
    float* dx = deviceArray(x);
    std::printf("== printfFormats\n");
    std::fflush(stdout);
    printfFormats<<<2, 64>>>(dx, n);
    CHECK(cudaDeviceSynchronize());
    std::printf("== printfReturn\n");
    std::fflush(stdout);
    printfReturn<<<1, 32>>>();
    CHECK(cudaDeviceSynchronize());
    std::printf("== end printf\n");
}

void cooperativeKernels()
{
    const int n = 1 << 20, threads = 256, gridBlocks = 264;
    std::vector<int> in(n);
    for (int i = 0; i < n; ++i)
        in[i] = i;
    int* din = deviceArray(in);
    int* sum32 = deviceArray(std::vector<int>(1, 0));
    int* sum64 = deviceArray(std::vector<int>(1, 0));
    int* partial = deviceArray(std::vector<int>(gridBlocks, 0));
    int* total = deviceArray(std::vector<int>(1, 0));
    unsigned* lanes = deviceArray(std::vector<unsigned>(320, 0));
    tile32Reduce<<<n / threads, threads>>>(din, sum32, n);
    step("tile32Reduce");
    tile64Reduce<<<n / threads, threads>>>(din, sum64, n);
    step("tile64Reduce");
    int nn = n;
    void* args[] = { &din, &partial, &total, &nn };
    int perSm = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, gridReduce, threads, 0));
    int sms = 0;
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<void*>(gridReduce), gridBlocks, threads, args, 0, 0));
    step("gridReduce");
    warpIntrinsics<<<1, 64>>>(lanes);
    step("warpIntrinsics");
    std::printf("tile32Reduce,%d\n", hostArray(sum32, 1)[0]);
    std::printf("tile64Reduce,%d\n", hostArray(sum64, 1)[0]);
    std::printf("gridReduce,%d\n", hostArray(total, 1)[0]);
    const auto p = hostArray(partial, gridBlocks);
    std::printf("gridReduce_partial");
    for (int v : p)
        std::printf(",%d", v);
    std::printf("\nwarpIntrinsics");
    for (unsigned v : hostArray(lanes, 320))
        std::printf(",%u", v);
    std::printf("\ncooperative_resident_blocks,%d\n", perSm * sms);
    // cudaLaunchCooperativeKernel's limit: one block more than fits is refused.
    cudaError_t tooLarge = cudaLaunchCooperativeKernel(reinterpret_cast<void*>(gridReduce), perSm * sms + 1, threads,
        args, 0, 0);
    std::printf("cooperative_too_large,%s\n", cudaGetErrorName(tooLarge));
    cudaGetLastError();
}

/// grid.sync() in a <<<>>> launch: the hardware's answer (run alone, under a timeout: it may never return).
void gridSyncWithoutCooperativeLaunch()
{
    const int n = 1024;
    int* din = deviceArray(std::vector<int>(n, 1));
    int* partial = deviceArray(std::vector<int>(2, 0));
    int* total = deviceArray(std::vector<int>(1, 0));
    gridReduce<<<2, 256>>>(din, partial, total, n);
    std::printf("grid_sync_without_cooperative,%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
}

int main(int argc, char** argv)
{
    if (argc > 1 && std::string(argv[1]) == "grid-sync-without-cooperative") {
        gridSyncWithoutCooperativeLaunch();
        return 0;
    }
    printfKernels();
    cooperativeKernels();
    // Last: a fault ends the context.
    printfNullString<<<1, 1>>>();
    std::printf("printf_null_string,%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}

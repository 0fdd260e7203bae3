// 256-bin byte histogram with global atomics, and with per-block shared-memory atomics merged at the
// end, after N. Sakharnykh, "GPU Pro Tip: Fast Histograms Using Shared Atomics on Maxwell" (NVIDIA
// Developer Blog, 2015). Both use a grid-stride loop.
#define BINS 256

__global__ void histogramGlobal(unsigned int *bins, const unsigned char *data, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&bins[data[i]], 1u);
}

__global__ void histogramShared(unsigned int *bins, const unsigned char *data, int n)
{
    __shared__ unsigned int local[BINS];
    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        atomicAdd(&bins[b], local[b]);
}

// 1-D convolution with its filter in constant memory, filled by the host with cudaMemcpyToSymbol, after
// the row pass of the CUDA Samples' convolutionSeparable (V. Podlozhnyuk, "Image Convolution with CUDA",
// NVIDIA, 2007). Every thread of a warp reads the same filter tap at once, so the constant cache
// broadcasts it; convolveTapPerThread reads a different tap per thread, which the constant cache
// serializes (Best Practices Guide v8.0 §9.2.6). d_outputs counts the outputs written, for
// cudaMemcpyFromSymbol. Launch with any block size; `in` and `out` have n elements.
#define MAX_RADIUS 8

__constant__ float c_filter[2 * MAX_RADIUS + 1];
__device__ unsigned int d_outputs = 0;

__global__ void convolveRow(float *out, const float *in, int n, int radius)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float sum = 0.0f;
    for (int k = -radius; k <= radius; k++) {
        int j = min(max(i + k, 0), n - 1);
        sum += c_filter[radius + k] * in[j];
    }
    out[i] = sum;
    atomicAdd(&d_outputs, 1u);
}

__global__ void convolveTapPerThread(float *out, const float *in, int n, int radius)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    out[i] = c_filter[threadIdx.x % (2 * radius + 1)] * in[i];
}

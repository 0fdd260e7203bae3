// 1-D stencil of radius RADIUS with a shared-memory halo, after J. Sanders and E. Kandrot's and
// NVIDIA's "CUDA C/C++ Basics" (2010) example; weights in constant memory, a scale in a __device__
// variable, both with initializers. Launch with blockDim.x == BLOCK; `in` has n + 2*RADIUS elements.
#define RADIUS 3
#define BLOCK 256

__constant__ float weights[2 * RADIUS + 1] = {0.05f, 0.1f, 0.2f, 0.3f, 0.2f, 0.1f, 0.05f};
__device__ float scale = 1.0f;

__global__ void stencil1d(float *out, const float *in, int n)
{
    __shared__ float temp[BLOCK + 2 * RADIUS];
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int l = threadIdx.x + RADIUS;
    temp[l] = in[g + RADIUS];
    if (threadIdx.x < RADIUS) {
        temp[l - RADIUS] = in[g];
        temp[l + BLOCK] = in[g + RADIUS + BLOCK];
    }
    __syncthreads();
    if (g >= n)
        return;
    float sum = 0.0f;
    for (int k = -RADIUS; k <= RADIUS; k++)
        sum += weights[k + RADIUS] * temp[l + k];
    out[g] = sum * scale;
}

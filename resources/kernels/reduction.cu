// Block sum reductions in the four classic forms, after M. Harris, "Optimizing Parallel Reduction in
// CUDA" (NVIDIA, 2007) for the first three, and the CUDA C++ Programming Guide "Warp Shuffle Functions"
// for the last. Each block writes one partial sum; blockDim.x is a power of two <= 1024.

// Interleaved addressing with a divergent branch (tid % (2*s) == 0).
__global__ void reduceDivergent(const float *in, float *out, unsigned int n)
{
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        if (tid % (2 * s) == 0)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

// Interleaved addressing with a strided index: no divergence, but shared-memory bank conflicts.
__global__ void reduceStridedIndex(const float *in, float *out, unsigned int n)
{
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned int s = 1; s < blockDim.x; s *= 2) {
        unsigned int index = 2 * s * tid;
        if (index < blockDim.x)
            sdata[index] += sdata[index + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

// Sequential addressing: conflict-free, half the threads idle from the first step.
__global__ void reduceSequential(const float *in, float *out, unsigned int n)
{
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}

// Warp shuffle: each warp reduces in registers, one shared word per warp, then the first warp.
__global__ void reduceWarpShuffle(const float *in, float *out, unsigned int n)
{
    __shared__ float warpSums[32];
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (i < n) ? in[i] : 0.0f;
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    unsigned int lane = threadIdx.x % 32;
    unsigned int warp = threadIdx.x / 32;
    if (lane == 0)
        warpSums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = (lane < blockDim.x / 32) ? warpSums[lane] : 0.0f;
        for (int offset = 16; offset > 0; offset /= 2)
            v += __shfl_down_sync(0xffffffffu, v, offset);
        if (lane == 0)
            out[blockIdx.x] = v;
    }
}

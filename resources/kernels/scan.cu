// Inclusive block scan (prefix sum), Hillis-Steele with double buffering in shared memory, after
// M. Harris, S. Sengupta, J. Owens, "Parallel Prefix Sum (Scan) with CUDA", GPU Gems 3, ch. 39.
// One block of BLOCK threads scans BLOCK elements.
#define BLOCK 256

__global__ void scanInclusive(float *out, const float *in, int n)
{
    __shared__ float buf[2][BLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * BLOCK + tid;
    int pout = 0;
    int pin = 1;
    buf[pout][tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (int offset = 1; offset < BLOCK; offset *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        float v = buf[pin][tid];
        if (tid >= offset)
            v += buf[pin][tid - offset];
        buf[pout][tid] = v;
        __syncthreads();
    }
    if (i < n)
        out[i] = buf[pout][tid];
}

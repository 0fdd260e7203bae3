// Shared-memory access patterns at three widths (4-, 8- and 16-byte words: LDS/STS, .64, .128), for
// measuring how many wavefronts each costs on real hardware and checking the bank model against it.
// Launch: block (128), any grid; `mode` picks the word index each lane touches (sharedIndex below).
// The loads read a tile every lane filled; the stores write one and read it back contiguously.

// Word index of `lane` for pattern `mode` (in words of the access width).
__device__ int sharedIndex(int lane, int mode)
{
    switch (mode) {
    case 0: return 0;                       // one word for the whole warp (broadcast)
    case 1: return lane;                    // contiguous
    case 2: return 2 * lane;                // stride 2
    case 3: return lane / 2;                // pairs of lanes share a word
    case 4: return lane / 8;                // each quarter-warp one word, four neighbouring words
    case 5: return (lane / 8) * 32;         // each quarter-warp one word, four words a bank row apart
    case 6: return (lane / 16) * 32;        // each half-warp one word, two words a bank row apart
    case 7: return lane % 8;                // eight words, each read by four lanes
    case 8: return lane % 16;               // sixteen words, each read by two lanes
    case 9: return lane ^ 1;                // a permutation of the contiguous pattern
    case 10: return 32 * (lane % 4);        // four words a bank row apart, each read by eight lanes
    case 11: return lane + (lane / 16) * 16; // each half-warp contiguous, the halves a bank row apart
    default: return lane % 4;               // four neighbouring words
    }
}

__global__ void loadWords(float *out, int mode)
{
    __shared__ float tile[1024];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x)
        tile[i] = i;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = tile[sharedIndex(threadIdx.x % 32, mode) + (threadIdx.x / 32) * 4];
}

__global__ void loadPairs(float2 *out, int mode)
{
    __shared__ float2 tile[512];
    for (int i = threadIdx.x; i < 512; i += blockDim.x)
        tile[i] = make_float2(i, i);
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = tile[sharedIndex(threadIdx.x % 32, mode) + (threadIdx.x / 32) * 4];
}

__global__ void loadQuads(float4 *out, int mode)
{
    __shared__ float4 tile[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x)
        tile[i] = make_float4(i, i, i, i);
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = tile[sharedIndex(threadIdx.x % 32, mode) + (threadIdx.x / 32) * 4];
}

__global__ void storeWords(float *out, int mode)
{
    __shared__ float tile[1024];
    tile[sharedIndex(threadIdx.x % 32, mode) + (threadIdx.x / 32) * 4] = threadIdx.x;
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = tile[threadIdx.x];
}

__global__ void storePairs(float2 *out, int mode)
{
    __shared__ float2 tile[512];
    tile[sharedIndex(threadIdx.x % 32, mode) + (threadIdx.x / 32) * 4] = make_float2(threadIdx.x, 1.0f);
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = tile[threadIdx.x];
}

__global__ void storeQuads(float4 *out, int mode)
{
    __shared__ float4 tile[256];
    tile[sharedIndex(threadIdx.x % 32, mode) + (threadIdx.x / 32) * 4] = make_float4(threadIdx.x, 1.0f, 2.0f, 3.0f);
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = tile[threadIdx.x];
}

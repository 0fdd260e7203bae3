// Matrix transpose in three steps, after M. Harris, "An Efficient Matrix Transpose in CUDA C/C++"
// (NVIDIA Developer Blog, 2013). Launch: block (TILE, TILE), grid (width / TILE, height / TILE).
#define TILE 32

// Reads coalesced, writes strided by `height` words.
__global__ void transposeNaive(float *out, const float *in, int width, int height)
{
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    out[x * height + y] = in[y * width + x];
}

// Through a shared tile: both global accesses coalesced, the tile read has 32-way bank conflicts.
__global__ void transposeShared(float *out, const float *in, int width, int height)
{
    __shared__ float tile[TILE][TILE];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * width + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    out[y * height + x] = tile[threadIdx.x][threadIdx.y];
}

// The same with one padding column, so a tile column spans all 32 banks.
__global__ void transposeSharedPadded(float *out, const float *in, int width, int height)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * width + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    out[y * height + x] = tile[threadIdx.x][threadIdx.y];
}

// C = A × B on the tensor cores through the CUDA C++ warp matrix functions (Programming Guide, "Warp Matrix
// Functions"; PTX ISA 8.5 §9.7.14.4 wmma). A is M×K row-major, B is K×N column-major (stored as N rows of K),
// both __half; C is M×N row-major float. M, N and K are multiples of 32.
//   toHalf:          grid (count / 256), block 256: small integers -4..4 as __half, so every sum is exact.
//   wmmaGemm:        grid (M / 16, N / 16), block 32: one warp per 16×16 tile of C, fragments from global.
//   wmmaGemmShared:  grid (M / 32, N / 32), block 128: four warps per 32×32 tile, A and B staged in shared
//                    memory 16 columns of K at a time.
#include <cuda_fp16.h>
#include <mma.h>

using namespace nvcuda;

__global__ void toHalf(const unsigned* in, __half* out, int count)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count)
        out[i] = __int2half_rn(static_cast<int>((in[i] >> 8) % 9u) - 4);
}

__global__ void wmmaGemm(const __half* a, const __half* b, float* c, int m, int n, int k)
{
    const int tileM = blockIdx.x * 16;
    const int tileN = blockIdx.y * 16;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    for (int kk = 0; kk < k; kk += 16) {
        wmma::load_matrix_sync(fa, a + tileM * k + kk, k);
        wmma::load_matrix_sync(fb, b + tileN * k + kk, k);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(c + tileM * n + tileN, acc, n, wmma::mem_row_major);
}

__global__ void wmmaGemmShared(const __half* a, const __half* b, float* c, int m, int n, int k)
{
    __shared__ __align__(32) __half as[32 * 16]; // 32 rows of M, 16 of K
    __shared__ __align__(32) __half bs[32 * 16]; // 32 columns of N, 16 of K
    const int warp = threadIdx.x / 32;
    const int tileM = blockIdx.x * 32;
    const int tileN = blockIdx.y * 32;
    const int warpM = (warp / 2) * 16;
    const int warpN = (warp % 2) * 16;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    for (int kk = 0; kk < k; kk += 16) {
        for (int i = threadIdx.x; i < 32 * 16; i += blockDim.x) {
            as[i] = a[(tileM + i / 16) * k + kk + i % 16];
            bs[i] = b[(tileN + i / 16) * k + kk + i % 16];
        }
        __syncthreads();
        wmma::load_matrix_sync(fa, as + warpM * 16, 16);
        wmma::load_matrix_sync(fb, bs + warpN * 16, 16);
        wmma::mma_sync(acc, fa, fb, acc);
        __syncthreads();
    }
    wmma::store_matrix_sync(c + (tileM + warpM) * n + tileN + warpN, acc, n, wmma::mem_row_major);
}

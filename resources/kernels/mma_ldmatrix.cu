// C = A × B with mma.sync and ldmatrix (PTX ISA 8.5 §9.7.14.5.14 mma, §9.7.14.5.15 ldmatrix), one warp per 16×8
// tile of C. A is M×K row-major __half; C is M×N row-major float. M, N and K are multiples of 16.
//   mmaLdmatrixGemm:      B stored as N rows of K (column-major K×N): ldmatrix without .trans.
//   mmaLdmatrixTransGemm: B stored as K rows of N (row-major K×N): ldmatrix.trans.
//   mmaPipelineGemm:      B as in mmaLdmatrixGemm; the tiles of the next 16 columns of K are copied into shared memory
//                         with cp.async (16 bytes a lane) while mma.sync works on this step's: a double buffer
//                         (Programming Guide "Asynchronous Data Copies"; commit_group, wait_group 1).
//   toHalf:               grid (count / 256), block 256: small integers -4..4 as __half (as in wmma_gemm.cu).
// The GEMMs: grid (N / 8, M / 16), block 32. On sm_80 and later one m16n8k16 per 16 columns of K; before, two m16n8k8
// (and, without cp.async, the pipeline's copies are plain loads and stores).
#include <cuda_fp16.h>
#include <cuda_pipeline.h>

namespace {

__device__ unsigned sharedAddress(const void* p) { return static_cast<unsigned>(__cvta_generic_to_shared(p)); }

__device__ void loadA(const __half (*as)[16], unsigned (&fa)[4])
{
    // Matrices: rows 0-7 and 8-15 of K 0-7, then of K 8-15: the order of mma's a0..a3 registers.
    const int lane = threadIdx.x % 32;
    const unsigned p = sharedAddress(&as[lane % 16][(lane / 16) * 8]);
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(fa[0]), "=r"(fa[1]), "=r"(fa[2]), "=r"(fa[3])
                 : "r"(p));
}

__device__ void multiply(const unsigned (&fa)[4], const unsigned (&fb)[2], float (&d)[4])
{
#if __CUDA_ARCH__ >= 800
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                 "{%0, %1, %2, %3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(fa[0]), "r"(fa[1]), "r"(fa[2]), "r"(fa[3]), "r"(fb[0]), "r"(fb[1]));
#else
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%0, %1, %2, %3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(fa[0]), "r"(fa[1]), "r"(fb[0]));
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5}, {%6}, {%0, %1, %2, %3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(fa[2]), "r"(fa[3]), "r"(fb[1]));
#endif
}

__device__ void storeC(float* c, int n, int tileM, int tileN, const float (&d)[4])
{
    // mma's C/D layout: d0, d1 in row groupID, d2, d3 in row groupID + 8, columns 2 × threadID_in_group + i.
    const int lane = threadIdx.x % 32;
    const int row = tileM + lane / 4;
    const int col = tileN + 2 * (lane % 4);
    c[row * n + col] = d[0];
    c[row * n + col + 1] = d[1];
    c[(row + 8) * n + col] = d[2];
    c[(row + 8) * n + col + 1] = d[3];
}

} // namespace

__global__ void toHalf(const unsigned* in, __half* out, int count)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count)
        out[i] = __int2half_rn(static_cast<int>((in[i] >> 8) % 9u) - 4);
}

__global__ void mmaLdmatrixGemm(const __half* a, const __half* b, float* c, int m, int n, int k)
{
    __shared__ __align__(16) __half as[16][16];
    __shared__ __align__(16) __half bs[8][16]; // N rows of K
    const int lane = threadIdx.x;
    const int tileM = blockIdx.y * 16;
    const int tileN = blockIdx.x * 8;
    float d[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int kk = 0; kk < k; kk += 16) {
        for (int i = lane; i < 16 * 16; i += 32)
            as[i / 16][i % 16] = a[(tileM + i / 16) * k + kk + i % 16];
        for (int i = lane; i < 8 * 16; i += 32)
            bs[i / 16][i % 16] = b[(tileN + i / 16) * k + kk + i % 16];
        __syncwarp();
        unsigned fa[4];
        unsigned fb[2];
        loadA(as, fa);
        const unsigned p = sharedAddress(&bs[lane % 8][((lane / 8) % 2) * 8]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(fb[0]), "=r"(fb[1]) : "r"(p));
        multiply(fa, fb, d);
        __syncwarp();
    }
    storeC(c, n, tileM, tileN, d);
}

__global__ void mmaLdmatrixTransGemm(const __half* a, const __half* b, float* c, int m, int n, int k)
{
    __shared__ __align__(16) __half as[16][16];
    __shared__ __align__(16) __half bs[16][8]; // K rows of N
    const int lane = threadIdx.x;
    const int tileM = blockIdx.y * 16;
    const int tileN = blockIdx.x * 8;
    float d[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int kk = 0; kk < k; kk += 16) {
        for (int i = lane; i < 16 * 16; i += 32)
            as[i / 16][i % 16] = a[(tileM + i / 16) * k + kk + i % 16];
        for (int i = lane; i < 16 * 8; i += 32)
            bs[i / 8][i % 8] = b[(kk + i / 8) * n + tileN + i % 8];
        __syncwarp();
        unsigned fa[4];
        unsigned fb[2];
        loadA(as, fa);
        const unsigned p = sharedAddress(&bs[lane % 16][0]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];" : "=r"(fb[0]), "=r"(fb[1]) : "r"(p));
        multiply(fa, fb, d);
        __syncwarp();
    }
    storeC(c, n, tileM, tileN, d);
}

__global__ void mmaPipelineGemm(const __half* a, const __half* b, float* c, int m, int n, int k)
{
    __shared__ __align__(16) __half as[2][16][16];
    __shared__ __align__(16) __half bs[2][8][16]; // N rows of K
    const int lane = threadIdx.x;
    const int tileM = blockIdx.y * 16;
    const int tileN = blockIdx.x * 8;
    // One step's tiles: A's 16 rows of 32 bytes are 32 chunks of 16 bytes (one a lane), B's 8 rows 16 chunks.
    const auto fetch = [&](int stage, int kk) {
        __pipeline_memcpy_async(&as[stage][lane / 2][(lane % 2) * 8], &a[(tileM + lane / 2) * k + kk + (lane % 2) * 8], 16);
        if (lane < 16)
            __pipeline_memcpy_async(&bs[stage][lane / 2][(lane % 2) * 8], &b[(tileN + lane / 2) * k + kk + (lane % 2) * 8], 16);
        __pipeline_commit();
    };
    float d[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    fetch(0, 0);
    for (int kk = 0, s = 0; kk < k; kk += 16, s ^= 1) {
        if (kk + 16 < k)
            fetch(s ^ 1, kk + 16);
        else
            __pipeline_commit(); // an empty group keeps wait_prior(1) waiting for this step's
        __pipeline_wait_prior(1);
        __syncwarp();
        unsigned fa[4];
        unsigned fb[2];
        loadA(as[s], fa);
        const unsigned p = sharedAddress(&bs[s][lane % 8][((lane / 8) % 2) * 8]);
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(fb[0]), "=r"(fb[1]) : "r"(p));
        multiply(fa, fb, d);
        __syncwarp(); // the stage is refilled only after every lane has read it
    }
    storeC(c, n, tileM, tileN, d);
}

// Half-precision arithmetic as cuda_fp16.h and cuda_bf16.h give it (CUDA C++ Programming Guide, "Half
// Precision Intrinsics" and "Bfloat16 Precision Intrinsics"): each kernel makes its own inputs from the
// element index, so the H100 probe (bench/hardware/half_precision_probe.cu) and a scenario see the same data,
// and writes every result's bits. Launch: n elements, one per thread, blocks of 256.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

// A spread of magnitudes: ordinary values, ones too large for f16 (inf after rounding), subnormals, and a
// NaN every 1021 elements.
__device__ float inputValue(int i, int k)
{
    const int r = (i * 7919 + k * 104729) % 20011;
    const float v = static_cast<float>(r) / 97.0f - 100.0f;
    if (i % 1021 == 17 + k)
        return __int_as_float(0x7fc00000);
    switch ((i + k) % 8) {
    case 0: return v * 1000.0f; // beyond 65504 for |v| > 65.5
    case 1: return v * 1.0e-7f; // f16 subnormals
    default: return v;
    }
}

// out: six f16 results per element: a + b, a * b, fma(a, b, c), max.NaN(a, b), min(a, b), and a * b
// computed in f32 then rounded toward zero.
__global__ void halfArith(__half* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const float fa = inputValue(i, 0), fb = inputValue(i, 1), fc = inputValue(i, 2);
    const __half a = __float2half_rn(fa), b = __float2half_rn(fb), c = __float2half_rn(fc);
    __half* o = out + 6 * i;
    o[0] = __hadd(a, b);
    o[1] = __hmul(a, b);
    o[2] = __hfma(a, b, c);
    o[3] = __hmax_nan(a, b);
    o[4] = __hmin(a, b);
    o[5] = __float2half_rz(fa * fb);
}

// out: per element two half2 results (a2 * b2 + c2, and |a2 - b2|) and the comparison bits of a < b,
// a >= b (unordered: true with a NaN) and a == b in the low three bits of flags.
__global__ void half2Arith(__half2* out, unsigned* flags, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const __half2 a = __floats2half2_rn(inputValue(i, 0), inputValue(i, 3));
    const __half2 b = __floats2half2_rn(inputValue(i, 1), inputValue(i, 4));
    const __half2 c = __floats2half2_rn(inputValue(i, 2), inputValue(i, 5));
    out[2 * i] = __hfma2(a, b, c);
    out[2 * i + 1] = __habs2(__hsub2(a, b));
    const __half la = __low2half(a), lb = __low2half(b);
    flags[i] = (__hlt(la, lb) ? 1u : 0u) | (__hgeu(la, lb) ? 2u : 0u) | (__heq(la, lb) ? 4u : 0u);
}

// out: five bf16 results per element: a + b, a * b, fma(a, b, c), max(a, b), and the f32 value a * b + c
// rounded to bf16 toward zero; wide: the bf16 sum widened back to f32 and scaled.
__global__ void bf16Arith(__nv_bfloat16* out, float* wide, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const float fa = inputValue(i, 0), fb = inputValue(i, 1), fc = inputValue(i, 2);
    const __nv_bfloat16 a = __float2bfloat16_rn(fa), b = __float2bfloat16_rn(fb), c = __float2bfloat16_rn(fc);
    __nv_bfloat16* o = out + 5 * i;
    o[0] = __hadd(a, b);
    o[1] = __hmul(a, b);
#if __CUDA_ARCH__ >= 800
    o[2] = __hfma(a, b, c);
#else // no bf16 fma before sm_80: f32 fma, then one more rounding
    o[2] = __float2bfloat16_rn(__fmaf_rn(__bfloat162float(a), __bfloat162float(b), __bfloat162float(c)));
#endif
    o[3] = __hmax(a, b);
    o[4] = __float2bfloat16_rz(fa * fb + fc);
    wide[i] = __bfloat162float(o[0]) * 0.5f;
}

// Throughput: eight independent chains of __hfma2 per thread, `rounds` times; out keeps the chains alive.
__global__ void hfma2Throughput(__half2* out, int rounds)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    __half2 acc[8];
    const __half2 m = __floats2half2_rn(0.999f, 1.001f), d = __floats2half2_rn(0.001f, -0.001f);
    for (int k = 0; k < 8; ++k)
        acc[k] = __floats2half2_rn(static_cast<float>(k), static_cast<float>(i % 7));
    for (int r = 0; r < rounds; ++r) {
#pragma unroll
        for (int k = 0; k < 8; ++k)
            acc[k] = __hfma2(acc[k], m, d);
    }
    __half2 sum = acc[0];
    for (int k = 1; k < 8; ++k)
        sum = __hadd2(sum, acc[k]);
    out[i] = sum;
}

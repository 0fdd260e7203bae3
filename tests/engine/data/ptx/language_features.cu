// Features of CUDA C++ that real kernels use beyond resources/kernels: printf, templates, the math
// library, half precision, local arrays, a CAS loop, cooperative groups, 64-bit integer intrinsics,
// fences, conversions, __launch_bounds__, struct parameters, switch, recursion, assert, inline asm,
// warp intrinsics and a pointer initializer. Its PTX (sm_80) is checked in beside it, made with
//   nvcc -ptx -lineinfo -arch=compute_80 language_features.cu -o language_features.sm_80.ptx
// run in this folder (then the checkout prefix removed from the .file line).
#include <cassert>
#include <cstdio>
#include <cuda_fp16.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void printk(int x) { printf("hello %d from %d\n", x, threadIdx.x); }
template <typename T, int N> __global__ void tmpl(T* a) { T acc = 0; for (int i = 0; i < N; ++i) acc += a[threadIdx.x * N + i]; a[threadIdx.x] = acc; }
template __global__ void tmpl<float, 4>(float*);
template __global__ void tmpl<double, 8>(double*);
__global__ void mathk(float* o, const float* __restrict__ i, int n) { int t = blockIdx.x * blockDim.x + threadIdx.x; if (t < n) { float v = __ldg(&i[t]); o[t] = sinf(v) + expf(v) * logf(v + 1.0f) + powf(v, 2.5f) + tanhf(v) + erff(v); } }
__global__ void halfk(__half* o, const __half* a, const __half* b) { int t = threadIdx.x; o[t] = __hadd(a[t], __hmul(a[t], b[t])); __half2 h = __halves2half2(a[t], b[t]); h = __hmul2(h, h); o[t+32] = __low2half(h); }
__global__ void localArr(int* o, int k) { int buf[64]; for (int i = 0; i < 64; ++i) buf[i] = i * k; o[threadIdx.x] = buf[(threadIdx.x * k) & 63]; }
__device__ float atomicMaxFloat(float* addr, float v) { int* ai = (int*)addr; int old = *ai, assumed; do { assumed = old; old = atomicCAS(ai, assumed, __float_as_int(fmaxf(v, __int_as_float(assumed)))); } while (assumed != old); return __int_as_float(old); }
__global__ void casK(float* m, const float* a) { atomicMaxFloat(m, a[threadIdx.x]); }
__global__ void cgk(int* o) { cg::thread_block b = cg::this_thread_block(); auto w = cg::tiled_partition<32>(b); int v = w.shfl_xor(threadIdx.x, 1); b.sync(); o[threadIdx.x] = v + __popc(v) + __clz(v) + __brev(v) + __ffs(v) + w.ballot(v & 1); }
__global__ void intk(long long* o, unsigned long long a, unsigned long long b) { o[0] = __umul64hi(a, b); o[1] = a / b; o[2] = (long long)a % (long long)b; o[3] = __funnelshift_l((unsigned)a, (unsigned)b, 5); o[4] = __byte_perm((unsigned)a, (unsigned)b, 0x3210); o[5] = __sad((int)a, (int)b, 3u); }
__global__ void fenceK(volatile int* f, int* d) { d[threadIdx.x] = 1; __threadfence(); if (threadIdx.x == 0) atomicExch((int*)f, 1); __threadfence_block(); __syncthreads_or(d[0]); __nanosleep(100); long long c = clock64(); d[1] = (int)c; }
__global__ void convK(double* o, const float* f, const int* i) { int t = threadIdx.x; o[t] = (double)f[t] + __int2double_rn(i[t]) + (double)__float2int_rz(f[t]) + (double)(unsigned long long)f[t] + rsqrt((double)f[t]) + fma((double)f[t], 2.0, 1.0); }
struct P { float x, y, z; int id; double w; };
__device__ int table[4] = {1, 2, 3, 4};
__device__ int* tptr = table;
__device__ float gscale;
__global__ void __launch_bounds__(256, 2) lb(float* o) { o[threadIdx.x] = gscale * table[threadIdx.x & 3] + *tptr; }
__global__ void structk(P p, float* o) { o[threadIdx.x] = p.x + p.y + p.z + p.id + (float)p.w; }
__global__ void sw(int* o, int k) { int r; switch (k + threadIdx.x) { case 0: r = 5; break; case 1: r = 9; break; case 2: r = 13; break; case 3: r = 1; break; case 4: r = 77; break; case 5: r = 3; break; case 6: r = 8; break; case 7: r = 44; break; default: r = -1; } o[threadIdx.x] = r; }
__device__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
__global__ void rec(int* o) { o[threadIdx.x] = fact(threadIdx.x); }
__global__ void asrt(int* o) { assert(o[threadIdx.x] >= 0); if (o[0] == 42) __trap(); }
__global__ void asmk(int* o) { int v; asm volatile("mov.u32 %0, %%laneid;" : "=r"(v)); unsigned m; asm("activemask.b32 %0;" : "=r"(m)); o[threadIdx.x] = v + m; }
__global__ void warpk(float* o, double* d) { float v = o[threadIdx.x]; v += __shfl_xor_sync(0xffffffff, v, 16); v += __shfl_up_sync(0xffffffff, v, 1); v += __shfl_sync(0xffffffff, v, 0); __syncwarp(0xffff); atomicAdd(d, (double)v); unsigned b = __ballot_sync(0xffffffff, v > 0); if (__all_sync(0xffffffff, v > 0)) o[0] = b; if (__any_sync(0xffffffff, v < 0)) o[1] = __match_any_sync(0xffffffff, b); }

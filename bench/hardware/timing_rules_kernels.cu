// Kernels of the timing-rule probes (docs/timing_rules_h100.md): what a launch costs with nothing in it, atomics
// on a few addresses, dependent and independent arithmetic, a register-accumulating loop. Every kernel has the
// same parameters, so bench/hardware/compare_timing_rules.py can run each case of timing_rules_probe.cu on the
// model from the case list alone:
//   x, y, out: `count` floats each (zeroed); words: 65 536 zeroed 32-bit words; n: addresses or elements;
//   reps: repetitions per thread.
// Compiled by the probe for the GPU, and to PTX by warpscope for the model (no host code here).

#define PROBE_PARAMS float *x, float *y, float *out, unsigned *words, int n, int reps

__device__ inline unsigned globalThread()
{
    return (blockIdx.y * gridDim.x + blockIdx.x) * (blockDim.x * blockDim.y) + threadIdx.y * blockDim.x + threadIdx.x;
}

// ---- a launch's fixed cost -------------------------------------------------------------------------------------

extern "C" __global__ void emptyKernel(PROBE_PARAMS) { }

extern "C" __global__ void storeOne(PROBE_PARAMS) { out[globalThread()] = 1.0f; }

// ---- atomics: thread t works on word t mod n, `reps` times; the returned values are kept (ATOM, not RED) -----

extern "C" __global__ void atomAddGlobal(PROBE_PARAMS)
{
    const unsigned t = globalThread();
    unsigned v = 0;
    for (int r = 0; r < reps; ++r)
        v += atomicAdd(&words[t % n], 1u);
    out[t] = static_cast<float>(v);
}

/// The same without using the result: ptxas emits a reduction (RED), which does not return data.
extern "C" __global__ void redAddGlobal(PROBE_PARAMS)
{
    const unsigned t = globalThread();
    for (int r = 0; r < reps; ++r)
        atomicAdd(&words[t % n], 1u);
}

extern "C" __global__ void atomIncGlobal(PROBE_PARAMS)
{
    const unsigned t = globalThread();
    unsigned v = 0;
    for (int r = 0; r < reps; ++r)
        v += atomicInc(&words[t % n], 0xffffffffu);
    out[t] = static_cast<float>(v);
}

extern "C" __global__ void atomMaxGlobal(PROBE_PARAMS)
{
    const unsigned t = globalThread();
    unsigned v = 0;
    for (int r = 0; r < reps; ++r)
        v += atomicMax(&words[t % n], t + static_cast<unsigned>(r));
    out[t] = static_cast<float>(v);
}

extern "C" __global__ void atomCasGlobal(PROBE_PARAMS)
{
    const unsigned t = globalThread();
    unsigned v = 0;
    for (int r = 0; r < reps; ++r)
        v = atomicCAS(&words[t % n], v, v + 1u);
    out[t] = static_cast<float>(v);
}

// Shared-memory atomics on the first n of 1024 words (n <= 1024); one thread of each block stores word 0.
#define SHARED_ATOMIC_KERNEL(name, update)                                                                           \
    extern "C" __global__ void name(PROBE_PARAMS)                                                                     \
    {                                                                                                                 \
        __shared__ unsigned s[1024];                                                                                  \
        const unsigned tid = threadIdx.x;                                                                             \
        for (unsigned i = tid; i < 1024; i += blockDim.x)                                                             \
            s[i] = 0;                                                                                                 \
        __syncthreads();                                                                                              \
        unsigned v = 0;                                                                                               \
        for (int r = 0; r < reps; ++r)                                                                                \
            update;                                                                                                   \
        __syncthreads();                                                                                              \
        out[globalThread()] = static_cast<float>(v + s[0]);                                                          \
    }

SHARED_ATOMIC_KERNEL(atomAddShared, v += atomicAdd(&s[tid % n], 1u))
SHARED_ATOMIC_KERNEL(atomIncShared, v += atomicInc(&s[tid % n], 0xffffffffu))
SHARED_ATOMIC_KERNEL(atomMaxShared, v += atomicMax(&s[tid % n], tid + static_cast<unsigned>(r)))
SHARED_ATOMIC_KERNEL(atomCasShared, v = atomicCAS(&s[tid % n], v, v + 1u))

// ---- arithmetic ------------------------------------------------------------------------------------------------

/// One chain of 8 × reps dependent FFMAs per thread.
extern "C" __global__ void fmaDependent(PROBE_PARAMS)
{
    const unsigned t = globalThread();
    float a = x[t];
    for (int r = 0; r < reps; ++r) {
#pragma unroll
        for (int k = 0; k < 8; ++k)
            a = fmaf(a, 0.999f, 1.0f);
    }
    out[t] = a;
}

/// Four independent chains of 8 × reps FFMAs each, interleaved.
extern "C" __global__ void fmaIndependent4(PROBE_PARAMS)
{
    const unsigned t = globalThread();
    float a = x[t], b = a + 1.0f, c = a + 2.0f, d = a + 3.0f;
    for (int r = 0; r < reps; ++r) {
#pragma unroll
        for (int k = 0; k < 8; ++k) {
            a = fmaf(a, 0.999f, 1.0f);
            b = fmaf(b, 0.999f, 1.0f);
            c = fmaf(c, 0.999f, 1.0f);
            d = fmaf(d, 0.999f, 1.0f);
        }
    }
    out[t] = a + b + c + d;
}

/// One chain of 8 × reps dependent integer xor-and-add pairs.
extern "C" __global__ void intDependent(PROBE_PARAMS)
{
    unsigned u = globalThread();
    for (int r = 0; r < reps; ++r) {
#pragma unroll
        for (int k = 0; k < 8; ++k)
            u = (u ^ static_cast<unsigned>(r)) + 0x9e3779b9u;
    }
    out[globalThread()] = static_cast<float>(u);
}

/// A loop of one dependent FFMA per iteration, not unrolled: the cost of a loop's counter, compare and branch.
extern "C" __global__ void fmaLoop(PROBE_PARAMS)
{
    const unsigned t = globalThread();
    float a = x[t];
#pragma unroll 1
    for (int r = 0; r < reps; ++r)
        a = fmaf(a, 0.999f, 1.0f);
    out[t] = a;
}

/// Dot products of `gridDim.x` vector pairs of n elements: each thread accumulates n ÷ blockDim.x products of
/// block-strided elements in a register, then the block adds its threads' sums in a shared-memory tree.
extern "C" __global__ void dotProduct(PROBE_PARAMS)
{
    __shared__ float partial[1024];
    const unsigned tid = threadIdx.x;
    const float* a = x + static_cast<size_t>(blockIdx.x) * n;
    const float* b = y + static_cast<size_t>(blockIdx.x) * n;
    float sum = 0.0f;
    for (int i = tid; i < n; i += blockDim.x)
        sum += a[i] * b[i];
    partial[tid] = sum;
    for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
        __syncthreads();
        if (tid < half)
            partial[tid] += partial[tid + half];
    }
    if (tid == 0)
        out[blockIdx.x] = partial[0];
}

// ---- read after write through global memory ---------------------------------------------------------------------

/// Each thread chases v through words[] (v stays 0, so each load's address depends on the previous load's value)
/// and, when n >= 0, stores v n words past the word it loaded before the next load: n = 0 is a load of the word the
/// thread has just stored (PolyBench's `c[i * n + j] +=` in global memory), 1 a neighbour word of the same line,
/// 32 the next line, larger a line far away. `words` must hold blockDim.x * gridDim.x + n words.
extern "C" __global__ void storeLoadChase(PROBE_PARAMS)
{
    const unsigned t = globalThread();
    unsigned v = 0;
    for (int r = 0; r < reps; ++r) {
        v = words[t + v];
        if (n >= 0)
            words[t + v + n] = v;
    }
    out[t] = static_cast<float>(v);
}

/// The same with every warp of the grid on the same 32 words (lane l on word l), as atax's second kernel has all
/// warps of a block on one element.
extern "C" __global__ void storeLoadChaseShared(PROBE_PARAMS)
{
    const unsigned lane = threadIdx.x % 32;
    unsigned v = 0;
    for (int r = 0; r < reps; ++r) {
        v = words[lane + v];
        if (n >= 0)
            words[lane + v + n] = v;
    }
    out[globalThread()] = static_cast<float>(v);
}

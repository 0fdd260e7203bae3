// Four kernels of PolyBench/GPU 1.0 (Grauer-Gray, Xu, Searles, Ayalasomayajula and Cavazos, "Auto-tuning a
// High-Level Language Targeted to GPU Codes", InPar 2012; CUDA/GEMM/gemm.cu, CUDA/ATAX/atax.cu and
// CUDA/2DCONV/2DConvolution.cu of github.com/sgrauerg/polybenchGpu, copyright 2012, 2013 University of Delaware),
// public kernels written elsewhere that the timing model was not calibrated on (docs/timing_rules_h100.md).
// Their bodies are PolyBench's; the compile-time extents (NI, NJ, NK, NX, NY) are the run-time n here, square, and
// each is wrapped in the probe's common parameter list (timing_rules_kernels.cu) so the comparison script can run
// it on the model. Launch shapes as PolyBench launches them: 32 x 8 threads; gemm and 2DConvolution over
// (n / 32, n / 8) blocks, atax over n / 32.

#ifndef PROBE_PARAMS
#define PROBE_PARAMS float *x, float *y, float *out, unsigned *words, int n, int reps
#endif

// gemm: C = alpha A B + beta C, one thread per element of C (alpha and beta as PolyBench initializes them).
extern "C" __global__ void polybenchGemm(PROBE_PARAMS)
{
    const float alpha = 32412.0f, beta = 2123.0f;
    float *a = x, *b = y, *c = out;
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if ((i < n) && (j < n)) {
        c[i * n + j] *= beta;
        int k;
        for (k = 0; k < n; k++) {
            c[i * n + j] += alpha * a[i * n + k] * b[k * n + j];
        }
    }
}

// atax, first kernel: tmp = A x, one thread per row (PolyBench launches 32 x 8 threads; the 8 rows of a block's
// threads compute the same element).
extern "C" __global__ void polybenchAtax1(PROBE_PARAMS)
{
    float *A = x, *xv = y, *tmp = out;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        tmp[i] = 0;
        int j;
        for (j = 0; j < n; j++) {
            tmp[i] += A[i * n + j] * xv[j];
        }
    }
}

// atax, second kernel: y = Aᵀ tmp, one thread per column.
extern "C" __global__ void polybenchAtax2(PROBE_PARAMS)
{
    float *A = x, *tmp = y, *yv = out;
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < n) {
        yv[j] = 0;
        int i;
        for (i = 0; i < n; i++) {
            yv[j] += A[i * n + j] * tmp[i];
        }
    }
}

// 2DConvolution: a 3 x 3 stencil with PolyBench's coefficients, one thread per interior element.
extern "C" __global__ void polybenchConv2d(PROBE_PARAMS)
{
    float *A = x, *B = out;
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    float c11, c12, c13, c21, c22, c23, c31, c32, c33;
    c11 = +0.2f; c21 = +0.5f; c31 = -0.8f;
    c12 = -0.3f; c22 = +0.6f; c32 = -0.9f;
    c13 = +0.4f; c23 = +0.7f; c33 = +0.10f;
    if ((i < n - 1) && (j < n - 1) && (i > 0) && (j > 0)) {
        B[i * n + j] = c11 * A[(i - 1) * n + (j - 1)] + c21 * A[(i - 1) * n + (j + 0)] + c31 * A[(i - 1) * n + (j + 1)]
            + c12 * A[(i + 0) * n + (j - 1)] + c22 * A[(i + 0) * n + (j + 0)] + c32 * A[(i + 0) * n + (j + 1)]
            + c13 * A[(i + 1) * n + (j - 1)] + c23 * A[(i + 1) * n + (j + 0)] + c33 * A[(i + 1) * n + (j + 1)];
    }
}

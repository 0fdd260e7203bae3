// A kernel that calls a non-inlined __device__ function, so the PTX holds a .func with parameters,
// a return value and a call instruction (PTX ISA §5.1.4 "Function declarations and definitions").
__device__ __noinline__ float smoothstep(float edge0, float edge1, float x)
{
    float t = (x - edge0) / (edge1 - edge0);
    t = fminf(fmaxf(t, 0.0f), 1.0f);
    return t * t * (3.0f - 2.0f * t);
}

__global__ void applySmoothstep(float *out, const float *in, float e0, float e1, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = smoothstep(e0, e1, in[i]);
}

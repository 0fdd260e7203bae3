// Wide loads and stores through CUDA's built-in vector types (Programming Guide 0.8.2 §4.3.1.1 and
// §6.1.2.1: 8- and 16-byte aligned types are read in one instruction).
__global__ void scaleFloat2(float2 *out, const float2 *in, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float2 v = in[i];
        out[i] = make_float2(v.x * s, v.y * s);
    }
}

__global__ void scaleFloat4(float4 *out, const float4 *in, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float4 v = in[i];
        out[i] = make_float4(v.x * s, v.y * s, v.z * s, v.w * s);
    }
}

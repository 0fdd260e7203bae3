// Dynamic shared memory carved into three arrays of different types, as in the Programming Guide
// 0.8.2 §4.2.2.3 example (extern __shared__ char array[]). Launch with
// (128 * sizeof(short) + 64 * sizeof(float) + blockDim.x * sizeof(int)) bytes of dynamic shared memory.
extern __shared__ char array[];

__global__ void dynamicShared(int *out, const int *in)
{
    short* array0 = (short*)array;
    float* array1 = (float*)&array0[128];
    int*   array2 =   (int*)&array1[64];
    int t = threadIdx.x;
    if (t < 128)
        array0[t] = (short)t;
    if (t < 64)
        array1[t] = (float)t * 0.5f;
    array2[t] = in[blockIdx.x * blockDim.x + t];
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = array2[blockDim.x - 1 - t] + array0[t % 128] + (int)array1[t % 64];
}

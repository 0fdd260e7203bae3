// out[i] = sum over k of (c_coefficients[k] * in[i] + OFFSET): needs include/ on the include path and
// OFFSET defined, and c_coefficients filled by memcpy_to_symbol.
#include <tree_config.h>

__global__ void weightedSum(int *out, const int *in, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int sum = 0;
    for (int k = 0; k < 4; k++)
        sum += weighted(in[i], k);
    out[i] = sum;
}

// Loops whose trip count depends on the data: a CSR sparse matrix-vector product (one row per thread,
// rows of different lengths diverge) and the Collatz step count of each element.
__global__ void spmvCsr(float *y, const int *rowStart, const int *cols, const float *vals,
                        const float *x, int rows)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < rows) {
        float sum = 0.0f;
        for (int k = rowStart[row]; k < rowStart[row + 1]; ++k)
            sum += vals[k] * x[cols[k]];
        y[row] = sum;
    }
}

__global__ void collatzSteps(int *steps, const unsigned int *start, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned int v = start[i];
    int count = 0;
    while (v > 1u) {
        v = (v & 1u) ? 3u * v + 1u : v / 2u;
        ++count;
    }
    steps[i] = count;
}

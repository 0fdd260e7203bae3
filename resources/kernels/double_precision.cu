// Double precision: y = a*x + y (BLAS daxpy) and a sqrt, so the PTX has .f64 arithmetic, fma.rn.f64
// and sqrt.rn.f64.
__global__ void daxpy(double *y, const double *x, double a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + y[i];
}

__global__ void dnorm(double *out, const double *x, const double *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = sqrt(x[i] * x[i] + y[i] * y[i]);
}

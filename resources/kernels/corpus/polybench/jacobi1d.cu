/**
 * jacobi1D.cu: This file is part of the PolyBench/GPU 1.0 test suite.
 *
 *
 * Contact: Scott Grauer-Gray <sgrauerg@gmail.com>
 * Will Killian <killian@udel.edu>
 * Louis-Noel Pouchet <pouchet@cse.ohio-state.edu>
 * Web address: http://www.cse.ohio-state.edu/~pouchet/software/polybench/GPU
 */

// The kernels of CUDA/stencils/jacobi-1d-imper/jacobi1D.cu in PolyBench/GPU (github.com/cavazos-lab/PolyBench-ACC), without the
// host program; LICENSE beside this file. Problem sizes are compile-time constants in the suite;
// this copy defaults them to a size that a Debug build simulates in seconds (the scenario under
// resources/scenarios/corpus/polybench/jacobi1d.json matches them). _PB_X is POLYBENCH_LOOP_BOUND(X, x)
// without POLYBENCH_USE_SCALAR_LB, as the suite builds it.

#ifndef TSTEPS
#define TSTEPS 8
#endif
#define _PB_TSTEPS TSTEPS
#ifndef N
#define N 1024
#endif
#define _PB_N N
#define DATA_TYPE float

__global__ void runJacobiCUDA_kernel1(int n, DATA_TYPE* A, DATA_TYPE* B)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if ((i > 1) && (i < (_PB_N-1)))
	{
		B[i] = 0.33333f * (A[i-1] + A[i] + A[i + 1]);
	}
}

__global__ void runJacobiCUDA_kernel2(int n, DATA_TYPE* A, DATA_TYPE* B)
{
	int j = blockIdx.x * blockDim.x + threadIdx.x;

	if ((j > 1) && (j < (_PB_N-1)))
	{
		A[j] = B[j];
	}
}

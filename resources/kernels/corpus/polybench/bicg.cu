/**
 * bicg.cu: This file is part of the PolyBench/GPU 1.0 test suite.
 *
 *
 * Contact: Scott Grauer-Gray <sgrauerg@gmail.com>
 * Will Killian <killian@udel.edu>
 * Louis-Noel Pouchet <pouchet@cse.ohio-state.edu>
 * Web address: http://www.cse.ohio-state.edu/~pouchet/software/polybench/GPU
 */

// The kernels of CUDA/linear-algebra/kernels/bicg/bicg.cu in PolyBench/GPU (github.com/cavazos-lab/PolyBench-ACC), without the
// host program; LICENSE beside this file. Problem sizes are compile-time constants in the suite;
// this copy defaults them to a size that a Debug build simulates in seconds (the scenario under
// resources/scenarios/corpus/polybench/bicg.json matches them). _PB_X is POLYBENCH_LOOP_BOUND(X, x)
// without POLYBENCH_USE_SCALAR_LB, as the suite builds it.

#ifndef NX
#define NX 256
#endif
#define _PB_NX NX
#ifndef NY
#define NY 256
#endif
#define _PB_NY NY
#define DATA_TYPE float

__global__ void bicg_kernel1(int nx, int ny, DATA_TYPE *A, DATA_TYPE *r, DATA_TYPE *s)
{
	int j = blockIdx.x * blockDim.x + threadIdx.x;

	if (j < _PB_NY)
	{
		s[j] = 0.0f;

		int i;
		for(i = 0; i < _PB_NX; i++)
		{
			s[j] += r[i] * A[i * NY + j];
		}
	}
}

__global__ void bicg_kernel2(int nx, int ny, DATA_TYPE *A, DATA_TYPE *p, DATA_TYPE *q)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < _PB_NX)
	{
		q[i] = 0.0f;

		int j;
		for(j=0; j < _PB_NY; j++)
		{
			q[i] += A[i * NY + j] * p[j];
		}
	}
}

/**
 * covariance.cu: This file is part of the PolyBench/GPU 1.0 test suite.
 *
 *
 * Contact: Scott Grauer-Gray <sgrauerg@gmail.com>
 * Will Killian <killian@udel.edu>
 * Louis-Noel Pouchet <pouchet@cse.ohio-state.edu>
 * Web address: http://www.cse.ohio-state.edu/~pouchet/software/polybench/GPU
 */

// The kernels of CUDA/datamining/covariance/covariance.cu in PolyBench/GPU (github.com/cavazos-lab/PolyBench-ACC), without the
// host program; LICENSE beside this file. Problem sizes are compile-time constants in the suite;
// this copy defaults them to a size that a Debug build simulates in seconds (the scenario under
// resources/scenarios/corpus/polybench/covariance.json matches them). _PB_X is POLYBENCH_LOOP_BOUND(X, x)
// without POLYBENCH_USE_SCALAR_LB, as the suite builds it.

#ifndef M
#define M 64
#endif
#define _PB_M M
#ifndef N
#define N 64
#endif
#define _PB_N N
#define DATA_TYPE float
#define FLOAT_N 3214212.01

__global__ void mean_kernel(int m, int n, DATA_TYPE *mean, DATA_TYPE *data)
{
	int j = blockIdx.x * blockDim.x + threadIdx.x;

	if (j < _PB_M)
	{
		mean[j] = 0.0;

		int i;
		for(i = 0; i < _PB_N; i++)
		{
			mean[j] += data[i * M + j];
		}
		mean[j] /= (DATA_TYPE)FLOAT_N;
	}
}

__global__ void reduce_kernel(int m, int n, DATA_TYPE *mean, DATA_TYPE *data)
{
	int j = blockIdx.x * blockDim.x + threadIdx.x;
	int i = blockIdx.y * blockDim.y + threadIdx.y;

	if ((i < _PB_N) && (j < _PB_M))
	{
		data[i * M + j] -= mean[j];
	}
}

__global__ void covar_kernel(int m, int n, DATA_TYPE *symmat, DATA_TYPE *data)
{
	int j1 = blockIdx.x * blockDim.x + threadIdx.x;
	int i, j2;

	if (j1 < _PB_M)
	{
		for (j2 = j1; j2 < _PB_M; j2++)
		{
			symmat[j1*M + j2] = 0.0;
			for(i = 0; i < _PB_N; i++)
			{
				symmat[j1 * M + j2] += data[i * M + j1] * data[i * M + j2];
			}
			symmat[j2 * M + j1] = symmat[j1 * M + j2];
		}
	}
}

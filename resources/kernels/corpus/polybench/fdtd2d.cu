/**
 * fdtd2d.cu: This file is part of the PolyBench/GPU 1.0 test suite.
 *
 *
 * Contact: Scott Grauer-Gray <sgrauerg@gmail.com>
 * Will Killian <killian@udel.edu>
 * Louis-Noel Pouchet <pouchet@cse.ohio-state.edu>
 * Web address: http://www.cse.ohio-state.edu/~pouchet/software/polybench/GPU
 */

// The kernels of CUDA/stencils/fdtd-2d/fdtd2d.cu in PolyBench/GPU (github.com/cavazos-lab/PolyBench-ACC), without the
// host program; LICENSE beside this file. Problem sizes are compile-time constants in the suite;
// this copy defaults them to a size that a Debug build simulates in seconds (the scenario under
// resources/scenarios/corpus/polybench/fdtd2d.json matches them). _PB_X is POLYBENCH_LOOP_BOUND(X, x)
// without POLYBENCH_USE_SCALAR_LB, as the suite builds it.

#ifndef TMAX
#define TMAX 4
#endif
#define _PB_TMAX TMAX
#ifndef NX
#define NX 64
#endif
#define _PB_NX NX
#ifndef NY
#define NY 64
#endif
#define _PB_NY NY
#define DATA_TYPE float

__global__ void fdtd_step1_kernel(int nx, int ny, DATA_TYPE* _fict_, DATA_TYPE *ex, DATA_TYPE *ey, DATA_TYPE *hz, int t)
{
	int j = blockIdx.x * blockDim.x + threadIdx.x;
	int i = blockIdx.y * blockDim.y + threadIdx.y;

	if ((i < _PB_NX) && (j < _PB_NY))
	{
		if (i == 0)
		{
			ey[i * NY + j] = _fict_[t];
		}
		else
		{
			ey[i * NY + j] = ey[i * NY + j] - 0.5f*(hz[i * NY + j] - hz[(i-1) * NY + j]);
		}
	}
}

__global__ void fdtd_step2_kernel(int nx, int ny, DATA_TYPE *ex, DATA_TYPE *ey, DATA_TYPE *hz, int t)
{
	int j = blockIdx.x * blockDim.x + threadIdx.x;
	int i = blockIdx.y * blockDim.y + threadIdx.y;

	if ((i < _PB_NX) && (j < _PB_NY) && (j > 0))
	{
		ex[i * NY + j] = ex[i * NY + j] - 0.5f*(hz[i * NY + j] - hz[i * NY + (j-1)]);
	}
}

__global__ void fdtd_step3_kernel(int nx, int ny, DATA_TYPE *ex, DATA_TYPE *ey, DATA_TYPE *hz, int t)
{
	int j = blockIdx.x * blockDim.x + threadIdx.x;
	int i = blockIdx.y * blockDim.y + threadIdx.y;

	if ((i < (_PB_NX-1)) && (j < (_PB_NY-1)))
	{
		hz[i * NY + j] = hz[i * NY + j] - 0.7f*(ex[i * NY + (j+1)] - ex[i * NY + j] + ey[(i + 1) * NY + j] - ey[i * NY + j]);
	}
}

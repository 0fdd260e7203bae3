// A project header outside the kernel's folder, found through the scenario's "include_dirs" (or -I).
#pragma once

#ifndef OFFSET
#error "OFFSET must be defined (scenario \"defines\" or -D OFFSET=...)"
#endif

__constant__ int c_coefficients[4];

__device__ inline int weighted(int x, int k) { return c_coefficients[k] * x + OFFSET; }

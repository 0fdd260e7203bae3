// The Best Practices Guide's kernels of resources/kernels/ for the probes that run them (each file in a
// namespace, as they are written for one file each), and the six matrix launches in the order every probe and
// its ncu export use.
#pragma once

#include "probe_timing.h"

#include <cuda_runtime.h>
#include <functional>
#include <utility>
#include <vector>

namespace copies {
#include "../../resources/kernels/offset_copy.cu"
#include "../../resources/kernels/stride_copy.cu"
}
namespace ab {
#include "../../resources/kernels/matrix_ab.cu"
}
namespace aat {
#include "../../resources/kernels/matrix_aat.cu"
}
namespace aatPadded {
#include "../../resources/kernels/matrix_aat_padded.cu"
}

/// The six matrix kernels on M x M with 32 x 32 blocks (C = AB: A is M x 32, B is 32 x M; C = AA^T: A is M x 32).
inline std::vector<std::pair<const char*, std::function<void()>>> matrixLaunches(int m, float* a, float* b, float* c)
{
    const dim3 block(32, 32), grid(m / 32, m / 32);
    return {
        { "ab.simpleMultiply", [=] { ab::simpleMultiply<<<grid, block>>>(a, b, c, m); } },
        { "ab.coalescedMultiply", [=] { ab::coalescedMultiply<<<grid, block>>>(a, b, c, m); } },
        { "ab.sharedABMultiply", [=] { ab::sharedABMultiply<<<grid, block>>>(a, b, c, m); } },
        { "aat.simpleMultiply", [=] { aat::simpleMultiply<<<grid, block>>>(a, c, m); } },
        { "aat.coalescedMultiply", [=] { aat::coalescedMultiply<<<grid, block>>>(a, c, m); } },
        { "aatPadded.coalescedMultiply", [=] { aatPadded::coalescedMultiply<<<grid, block>>>(a, c, m); } },
    };
}

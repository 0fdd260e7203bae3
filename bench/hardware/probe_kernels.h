// What the probes that run the Best Practices Guide's kernels share: the kernels of resources/kernels/ (each
// file in a namespace, as they are written for one file each), device arrays, CUDA-event medians, and the six
// matrix launches in the order every probe and its ncu export use.
#pragma once

#include <algorithm>
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

/// `count` floats of device memory, zeroed.
inline float* deviceArray(size_t count)
{
    float* p = nullptr;
    cudaMalloc(&p, count * sizeof(float));
    cudaMemset(p, 0, count * sizeof(float));
    return p;
}

/// Median CUDA-event time of 21 launches after `launch` ran once to warm up (best-practices-guide-v8.0.txt
/// §8.1.2), in milliseconds; `between` runs before each timed launch, outside the events.
inline float medianEventMs(const std::function<void()>& launch, const std::function<void()>& between = {})
{
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    launch();
    cudaDeviceSynchronize();
    std::vector<float> ms;
    for (int r = 0; r < 21; ++r) {
        if (between)
            between();
        cudaEventRecord(start);
        launch();
        cudaEventRecord(stop);
        cudaEventSynchronize(stop);
        float t = 0;
        cudaEventElapsedTime(&t, start, stop);
        ms.push_back(t);
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
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

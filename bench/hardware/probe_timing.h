// CUDA-event timing and device arrays for the hardware probes.
#pragma once

#include <algorithm>
#include <cuda_runtime.h>
#include <functional>
#include <vector>

/// `count` floats of device memory, zeroed.
inline float* deviceArray(size_t count)
{
    float* p = nullptr;
    cudaMalloc(&p, count * sizeof(float));
    cudaMemset(p, 0, count * sizeof(float));
    return p;
}

/// Median CUDA-event time of `reps` runs of `launch` after one to warm up (best-practices-guide-v8.0.txt
/// §8.1.2), in milliseconds.
inline float medianEventMs(const std::function<void()>& launch, int reps = 21)
{
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    launch();
    cudaDeviceSynchronize();
    std::vector<float> ms;
    for (int r = 0; r < reps; ++r) {
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

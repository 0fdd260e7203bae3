// Error checks and files for the hardware probes that compare outputs with warpscope's --dump files.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <string>
#include <vector>

/// Stops the probe with `what` and CUDA's message when `e` is an error.
inline void check(cudaError_t e, const char* what)
{
    if (e != cudaSuccess) {
        std::fprintf(stderr, "%s: %s\n", what, cudaGetErrorString(e));
        std::exit(1);
    }
}

/// The bytes of the file at `path`; stops the probe when it cannot be read.
inline std::vector<char> readFile(const std::string& path)
{
    FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) {
        std::fprintf(stderr, "cannot read %s\n", path.c_str());
        std::exit(1);
    }
    std::vector<char> bytes;
    char buf[65536];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;)
        bytes.insert(bytes.end(), buf, buf + n);
    std::fclose(f);
    return bytes;
}

/// Writes `bytes` of device memory at `device` to the file at `path`.
inline void saveDevice(const std::string& path, const void* device, size_t bytes)
{
    std::vector<char> host(bytes);
    check(cudaMemcpy(host.data(), device, bytes, cudaMemcpyDeviceToHost), "copy back");
    FILE* f = std::fopen(path.c_str(), "wb");
    std::fwrite(host.data(), 1, bytes, f);
    std::fclose(f);
}

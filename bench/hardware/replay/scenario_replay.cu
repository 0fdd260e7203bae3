// Repeats a scenario on a real GPU from the manifest scenario_manifest wrote (see its header for the
// format): loads the module (a .cubin beside the manifest when there is one, else the PTX through the
// driver's JIT), fills the buffers with the model's initial bytes, and runs the copies, memsets and
// launches in order on the default stream, so that ncu reads the counters of the very launches the
// model runs. Prints one line per launch: "launch,<scenario>,<index>,<kernel>,<status>".
// usage: scenario_replay MANIFEST_DIR...
#include <cuda.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Buffer {
    CUdeviceptr device = 0;
    void* host = nullptr;
    std::size_t bytes = 0;
};

bool check(CUresult result, const std::string& what)
{
    if (result == CUDA_SUCCESS)
        return true;
    const char* text = nullptr;
    cuGetErrorString(result, &text);
    std::fprintf(stderr, "%s: %s\n", what.c_str(), text ? text : "unknown error");
    return false;
}

std::vector<char> readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::vector<char>(std::istreambuf_iterator<char>(in), {});
}

std::vector<std::uint8_t> fromHex(const std::string& text)
{
    std::vector<std::uint8_t> bytes;
    for (std::size_t i = 0; text != "-" && i + 1 < text.size(); i += 2)
        bytes.push_back(static_cast<std::uint8_t>(std::stoul(text.substr(i, 2), nullptr, 16)));
    return bytes;
}

/// With REPLAY_FLUSH_L2 set, the L2 is emptied of the buffers' initial contents before the first step (a memset
/// of twice its size elsewhere): a scenario's initial contents start outside the L2 in the model, while what its
/// own copies and memsets write stays there, as on the GPU.
bool flushL2()
{
    static CUdeviceptr scratch = 0;
    static std::size_t bytes = 0;
    if (!std::getenv("REPLAY_FLUSH_L2"))
        return true;
    if (scratch == 0) {
        CUdevice device = 0;
        int l2 = 0;
        if (!check(cuCtxGetDevice(&device), "cuCtxGetDevice")
            || !check(cuDeviceGetAttribute(&l2, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, device), "L2 size"))
            return false;
        bytes = 2 * static_cast<std::size_t>(l2);
        if (!check(cuMemAlloc(&scratch, bytes), "cuMemAlloc (L2 flush)"))
            return false;
    }
    return check(cuMemsetD8(scratch, 0, bytes), "L2 flush") && check(cuCtxSynchronize(), "L2 flush");
}

bool replay(const std::string& dir)
{
    const std::string name = dir.substr(dir.find_last_of('/') + 1);
    std::ifstream manifest(dir + "/manifest.txt");
    if (!manifest) {
        std::fprintf(stderr, "%s: no manifest.txt\n", dir.c_str());
        return false;
    }
    CUmodule module = nullptr;
    std::vector<Buffer> buffers;
    std::string line;
    int launchIndex = 0;
    bool ok = true;
    bool flushed = false;
    while (ok && std::getline(manifest, line)) {
        std::istringstream in(line);
        std::string op;
        in >> op;
        if (!flushed && op != "module" && op != "buffer") {
            ok = flushL2();
            flushed = true;
        }
        if (!ok)
            break;
        if (op == "module") {
            std::string file;
            in >> file;
            auto image = readFile(dir + "/module.cubin");
            if (image.empty()) {
                image = readFile(dir + "/" + file);
                image.push_back('\0');
            }
            ok = check(cuModuleLoadData(&module, image.data()), dir + ": loading the module");
        } else if (op == "buffer") {
            std::size_t index = 0, bytes = 0;
            std::string where, file;
            in >> index >> bytes >> where >> file;
            Buffer buffer;
            buffer.bytes = bytes;
            if (where == "host") {
                ok = check(cuMemHostAlloc(&buffer.host, bytes, CU_MEMHOSTALLOC_DEVICEMAP), "cuMemHostAlloc")
                    && check(cuMemHostGetDevicePointer(&buffer.device, buffer.host, 0), "cuMemHostGetDevicePointer");
                if (ok && file == "zero")
                    std::memset(buffer.host, 0, bytes);
                else if (ok) {
                    const auto data = readFile(dir + "/" + file);
                    std::memcpy(buffer.host, data.data(), std::min(bytes, data.size()));
                }
            } else {
                ok = check(cuMemAlloc(&buffer.device, bytes), "cuMemAlloc");
                if (ok && file == "zero")
                    ok = check(cuMemsetD8(buffer.device, 0, bytes), "cuMemsetD8");
                else if (ok) {
                    const auto data = readFile(dir + "/" + file);
                    ok = check(cuMemcpyHtoD(buffer.device, data.data(), std::min(bytes, data.size())), "cuMemcpyHtoD");
                }
            }
            buffers.push_back(buffer);
        } else if (op == "memcpy") {
            std::size_t dst = 0, src = 0, bytes = 0, dstOffset = 0, srcOffset = 0;
            in >> dst >> src >> bytes >> dstOffset >> srcOffset;
            ok = check(cuMemcpy(buffers[dst].device + dstOffset, buffers[src].device + srcOffset, bytes), dir + ": memcpy");
        } else if (op == "memset") {
            std::size_t dst = 0, bytes = 0;
            int value = 0;
            in >> dst >> value >> bytes;
            ok = check(cuMemsetD8(buffers[dst].device, static_cast<unsigned char>(value), bytes), dir + ": memset");
        } else if (op == "launch") {
            std::string kernel, hex;
            unsigned grid[3], block[3], shared = 0;
            int patches = 0;
            in >> kernel >> grid[0] >> grid[1] >> grid[2] >> block[0] >> block[1] >> block[2] >> shared >> hex >> patches;
            auto params = fromHex(hex);
            for (int p = 0; p < patches; ++p) {
                std::size_t offset = 0, buffer = 0, bufferOffset = 0;
                in >> offset >> buffer >> bufferOffset;
                const std::uint64_t address = buffers[buffer].device + bufferOffset;
                std::memcpy(params.data() + offset, &address, sizeof address);
            }
            CUfunction function = nullptr;
            ok = check(cuModuleGetFunction(&function, module, kernel.c_str()), dir + ": " + kernel);
            if (ok && shared > 48 * 1024)
                ok = check(cuFuncSetAttribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, int(shared)), "shared size");
            std::size_t size = params.size();
            void* extra[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, params.data(), CU_LAUNCH_PARAM_BUFFER_SIZE, &size, CU_LAUNCH_PARAM_END };
            if (ok)
                ok = check(cuLaunchKernel(function, grid[0], grid[1], grid[2], block[0], block[1], block[2], shared, nullptr,
                               nullptr, params.empty() ? nullptr : extra),
                    dir + ": launching " + kernel);
            if (ok)
                ok = check(cuCtxSynchronize(), dir + ": running " + kernel);
            std::printf("launch,%s,%d,%s,%s\n", name.c_str(), launchIndex++, kernel.c_str(), ok ? "ok" : "failed");
        } else if (op == "sync") {
            ok = check(cuCtxSynchronize(), dir + ": synchronize");
        }
    }
    for (auto& buffer : buffers) {
        if (buffer.host)
            cuMemFreeHost(buffer.host);
        else if (buffer.device)
            cuMemFree(buffer.device);
    }
    if (module)
        cuModuleUnload(module);
    return ok;
}

} // namespace

int main(int argc, char** argv)
{
    CUdevice device = 0;
    CUcontext context = nullptr;
    if (!check(cuInit(0), "cuInit") || !check(cuDeviceGet(&device, 0), "cuDeviceGet")
        || !check(cuDevicePrimaryCtxRetain(&context, device), "context") || !check(cuCtxSetCurrent(context), "context"))
        return 1;
    int failures = 0;
    for (int i = 1; i < argc; ++i)
        failures += replay(argv[i]) ? 0 : 1;
    cuDevicePrimaryCtxRelease(device);
    return failures == 0 ? 0 : 1;
}

#pragma once

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace testing_cli {

/// What one run of warpscope-cli produced.
struct CliRun {
    int exitCode = -1;
    std::string out;
    std::string err;
};

/// The source tree the tests were built from.
inline const std::filesystem::path kSourceTree = WARPSCOPE_SOURCE_DIR;

/// An environment in which warpscope-cli finds no user device profiles (only the bundled ones).
inline const std::map<std::string, std::string> kNoUserProfiles {{"XDG_CONFIG_HOME", "/nonexistent-warpscope-test"}};

/// Whether the CUDA compiler the tests that compile .cu files need is installed.
inline bool haveNvcc()
{
    return std::filesystem::exists("/usr/local/cuda/bin/nvcc");
}

/// Runs the real warpscope-cli executable with `args`, and with `env` added to this process's environment.
CliRun runCli(const std::vector<std::string>& args, const std::map<std::string, std::string>& env = {});

/// The values of a raw little-endian file, as `run --dump` writes a buffer.
template <typename T> std::vector<T> readDump(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), {});
    std::vector<T> out(bytes.size() / sizeof(T));
    std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
    return out;
}

} // namespace testing_cli

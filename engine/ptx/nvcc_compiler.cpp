#include "engine/ptx/nvcc_compiler.h"

#include "engine/ptx/process_runner.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>
#include <unistd.h>

namespace engine::ptx {

namespace fs = std::filesystem;

namespace {

Result<std::string> readWhole(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    if (!in)
        return Error(ErrorCode::NotFound, "cannot open file", SourceLocation::inFile(p.string()));
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// FNV-1a, 64 bits: a cache key, not a security boundary.
std::uint64_t fnv1a(std::string_view data, std::uint64_t h = 0xcbf29ce484222325U)
{
    for (char c : data) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3U;
    }
    return h;
}

std::string hex(std::uint64_t v)
{
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string s(16, '0');
    for (int i = 15; i >= 0; --i, v >>= 4)
        s[static_cast<std::size_t>(i)] = kDigits[v & 0xf];
    return s;
}

fs::path defaultCacheDir()
{
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        return fs::path(xdg) / "warpscope" / "ptx";
    if (const char* home = std::getenv("HOME"); home && *home)
        return fs::path(home) / ".cache" / "warpscope" / "ptx";
    return fs::temp_directory_path() / "warpscope-ptx";
}

/// `nvcc --list-gpu-arch` prints one compute_XX per line.
std::vector<int> supportedArchs(const fs::path& nvcc)
{
    std::vector<int> archs;
    auto out = runProcess(nvcc, {"--list-gpu-arch"});
    if (!out || out->exitCode != 0)
        return archs;
    std::istringstream lines(out->output);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("compute_", 0) == 0 && line.size() > 8 && std::isdigit(static_cast<unsigned char>(line[8])))
            archs.push_back(std::atoi(line.c_str() + 8));
    }
    return archs;
}

/// nvcc's failure as one located line: its first diagnostic "FILE(LINE): error: MESSAGE" (EDG front-end
/// format), with how many more it printed; the whole output only when it holds no such line.
Error nvccFailure(const std::string& output, int exitCode, const fs::path& cuFile)
{
    static const std::regex diagnostic(R"(^(.+)\((\d+)\): (?:catastrophic )?error: (.*)$)");
    std::istringstream lines(output);
    std::smatch match;
    int errors = 0;
    Error first;
    for (std::string line; std::getline(lines, line);) {
        if (!std::regex_match(line, match, diagnostic))
            continue;
        if (errors++ == 0)
            first = Error(ErrorCode::ParseError, "nvcc: " + match[3].str(),
                SourceLocation::inFile(match[1].str(), static_cast<std::uint32_t>(std::stoul(match[2].str()))));
    }
    if (errors == 0)
        return Error(ErrorCode::ParseError, "nvcc failed (exit " + std::to_string(exitCode) + "): " + output,
            SourceLocation::inFile(cuFile.string()));
    if (errors > 1)
        first.message += " (and " + std::to_string(errors - 1) + " more)";
    return first;
}

Result<CompiledPtx> runNvcc(
    const fs::path& nvcc, const fs::path& cuFile, const std::vector<std::string>& flags, const fs::path& ptxPath)
{
    fs::path tmp = ptxPath;
    tmp += ".tmp" + std::to_string(::getpid());
    std::vector<std::string> args = flags;
    args.insert(args.end(), {fs::absolute(cuFile).string(), "-o", tmp.string()});
    auto run = runProcess(nvcc, args, fs::absolute(cuFile).parent_path());
    if (!run)
        return run.error();
    if (run->exitCode != 0) {
        std::error_code ec;
        fs::remove(tmp, ec);
        return nvccFailure(run->output, run->exitCode, cuFile);
    }
    std::error_code ec;
    fs::rename(tmp, ptxPath, ec);
    auto text = readWhole(ec ? tmp : ptxPath);
    if (!text)
        return text.error();
    return CompiledPtx {std::move(text).value(), ec ? tmp : ptxPath, 0, false};
}

} // namespace

std::optional<int> chooseArch(int requested, const std::vector<int>& supported)
{
    if (supported.empty() || std::find(supported.begin(), supported.end(), requested) != supported.end())
        return requested;
    const int oldest = *std::min_element(supported.begin(), supported.end());
    if (requested < oldest)
        return oldest;
    return std::nullopt;
}

Result<CompiledPtx> compileCudaToPtx(const fs::path& cuFile, int requestedArch, const NvccOptions& options)
{
    auto source = readWhole(cuFile);
    if (!source)
        return source.error();
    auto nvcc = findNvcc(options.search);
    if (!nvcc)
        return Error(ErrorCode::NotFound, nvcc.error().message, SourceLocation::inFile(cuFile.string()));
    auto version = runProcess(*nvcc, {"--version"});
    if (!version || version->exitCode != 0)
        return Error(
            ErrorCode::IoError, "cannot run " + nvcc->string() + " --version", SourceLocation::inFile(cuFile.string()));
    const auto supported = supportedArchs(*nvcc);
    const auto chosen = chooseArch(requestedArch, supported);
    if (!chosen)
        return Error(ErrorCode::InvalidArgument,
            "nvcc (" + nvcc->string() + ") cannot compile for sm_" + std::to_string(requestedArch)
                + "; it knows compute_" + std::to_string(*std::min_element(supported.begin(), supported.end()))
                + " to compute_" + std::to_string(*std::max_element(supported.begin(), supported.end()))
                + " (nvcc --list-gpu-arch)",
            SourceLocation::inFile(cuFile.string()));
    const int arch = *chosen;
    std::vector<std::string> flags {"-ptx", "-lineinfo", "-arch=compute_" + std::to_string(arch)};
    flags.insert(flags.end(), options.extraFlags.begin(), options.extraFlags.end());
    std::string keyText = *source + '\0' + version->output;
    for (const std::string& f : flags)
        keyText += '\0' + f;
    fs::path dir = options.cacheDir.empty() ? defaultCacheDir() : options.cacheDir;
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec)
        return Error(
            ErrorCode::IoError, "cannot create the PTX cache: " + ec.message(), SourceLocation::inFile(dir.string()));
    fs::path ptxPath = dir / (cuFile.stem().string() + "-" + hex(fnv1a(keyText)) + ".ptx");
    if (fs::exists(ptxPath, ec)) {
        if (auto cached = readWhole(ptxPath))
            return CompiledPtx {std::move(cached).value(), ptxPath, arch, true};
    }
    auto compiled = runNvcc(*nvcc, cuFile, flags, ptxPath);
    if (compiled)
        compiled.value().arch = arch;
    return compiled;
}

} // namespace engine::ptx

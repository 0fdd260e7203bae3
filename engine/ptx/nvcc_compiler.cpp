#include "engine/ptx/nvcc_compiler.h"

#include "engine/common/user_cache_dir.h"
#include "engine/ptx/nvcc_dependencies.h"
#include "engine/ptx/process_runner.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <optional>
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

/// Folders whose headers never change under a cached PTX: the CUDA toolkit nvcc belongs to, and the system's.
std::vector<fs::path> systemRoots(const fs::path& nvcc)
{
    std::vector<fs::path> roots { fs::absolute(nvcc).lexically_normal().parent_path().parent_path(), "/usr/include",
        "/usr/lib" };
    std::error_code ec;
    if (const auto real = fs::canonical(nvcc, ec); !ec)
        roots.push_back(real.parent_path().parent_path());
    return roots;
}

bool writeFileAtomically(const fs::path& file, const std::string& text)
{
    fs::path tmp = file;
    tmp += ".tmp" + std::to_string(::getpid());
    {
        std::ofstream out(tmp, std::ios::binary);
        out << text;
        if (!out)
            return false;
    }
    std::error_code ec;
    fs::rename(tmp, file, ec);
    return !ec;
}

/// Runs nvcc into a per-process temporary, then renames it into the cache (so concurrent processes never
/// read a half-written file), with a stamp of the project headers it read beside it (nvcc -MD -MF).
Result<CompiledPtx> runNvcc(
    const fs::path& nvcc, const fs::path& cuFile, const std::vector<std::string>& flags, const fs::path& ptxPath)
{
    const std::string suffix = ".tmp" + std::to_string(::getpid());
    fs::path tmp = ptxPath;
    tmp += suffix;
    fs::path depTmp = ptxPath;
    depTmp += ".d" + suffix;
    std::vector<std::string> args = flags;
    args.insert(args.end(), {fs::absolute(cuFile).string(), "-o", tmp.string(), "-MD", "-MF", depTmp.string()});
    const auto workDir = fs::absolute(cuFile).parent_path();
    auto run = runProcess(nvcc, args, workDir);
    if (!run)
        return run.error();
    std::error_code ec;
    if (run->exitCode != 0) {
        fs::remove(tmp, ec);
        fs::remove(depTmp, ec);
        return nvccFailure(run->output, run->exitCode, cuFile);
    }
    const auto depText = readWhole(depTmp);
    fs::remove(depTmp, ec);
    const auto stamp = depText ? dependencyStamp(parseDependencyFile(*depText, workDir), systemRoots(nvcc), cuFile)
                               : std::string();
    fs::path stampPath = ptxPath;
    stampPath += ".deps";
    // Without its stamp the PTX is never taken from the cache (cachedPtx), so a failed write only costs a rebuild.
    if (depText)
        writeFileAtomically(stampPath, stamp);
    fs::rename(tmp, ptxPath, ec);
    auto text = readWhole(ec ? tmp : ptxPath);
    if (!text)
        return text.error();
    return CompiledPtx {std::move(text).value(), ec ? tmp : ptxPath, 0, false};
}

/// The cached PTX at `ptxPath` when it is there and no header it was compiled from has changed since.
std::optional<std::string> cachedPtx(const fs::path& ptxPath)
{
    fs::path stampPath = ptxPath;
    stampPath += ".deps";
    const auto stamp = readWhole(stampPath);
    if (!stamp || !dependencyStampHolds(*stamp))
        return std::nullopt;
    auto text = readWhole(ptxPath);
    if (!text)
        return std::nullopt;
    return std::move(text).value();
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
    // The PTX names its source (-lineinfo's .file), so the same text at another path is another entry: a
    // cached copy would name a file that may since have moved or gone.
    std::string keyText = *source + '\0' + fs::absolute(cuFile).lexically_normal().string() + '\0' + version->output;
    for (const std::string& f : flags)
        keyText += '\0' + f;
    fs::path dir = options.cacheDir.empty() ? userCacheDir("ptx") : options.cacheDir;
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec)
        return Error(
            ErrorCode::IoError, "cannot create the PTX cache: " + ec.message(), SourceLocation::inFile(dir.string()));
    fs::path ptxPath = dir / (cuFile.stem().string() + "-" + contentHash(keyText) + ".ptx");
    if (auto cached = cachedPtx(ptxPath))
        return CompiledPtx {std::move(cached).value(), ptxPath, arch, true};
    auto compiled = runNvcc(*nvcc, cuFile, flags, ptxPath);
    if (compiled)
        compiled.value().arch = arch;
    return compiled;
}

} // namespace engine::ptx

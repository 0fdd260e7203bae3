#include "engine/ptx/ptxas_resources.h"

#include "engine/common/user_cache_dir.h"
#include "engine/ptx/nvcc_dependencies.h"
#include "engine/ptx/process_runner.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <sstream>
#include <unistd.h>

namespace engine::ptx {

namespace fs = std::filesystem;

namespace {

std::uint64_t numberBefore(const std::string& line, const std::string& what)
{
    const std::regex pattern("([0-9]+) " + what);
    std::smatch match;
    return std::regex_search(line, match, pattern) ? std::stoull(match[1].str()) : 0;
}

/// "... 'NAME' ..." -> NAME.
std::string nameInQuotes(const std::string& line)
{
    const auto open = line.find('\'');
    const auto close = open == std::string::npos ? open : line.find('\'', open + 1);
    return close == std::string::npos ? std::string() : line.substr(open + 1, close - open - 1);
}

/// What identifies a ptxas executable on disk: its path, size and modification time.
std::optional<nlohmann::json> executableStamp(const fs::path& ptxas)
{
    std::error_code ec;
    const auto size = fs::file_size(ptxas, ec);
    if (ec)
        return std::nullopt;
    const auto modified = fs::last_write_time(ptxas, ec);
    if (ec)
        return std::nullopt;
    return nlohmann::json {{"path", fs::absolute(ptxas).string()}, {"size", size},
        {"modified", static_cast<std::int64_t>(modified.time_since_epoch().count())}};
}

std::optional<PtxasIdentity> storedIdentity(const fs::path& file, const nlohmann::json& stamp)
{
    std::ifstream in(file);
    if (!in)
        return std::nullopt;
    const auto json = nlohmann::json::parse(in, nullptr, false);
    if (json.is_discarded() || !json.is_object() || json.value("executable", nlohmann::json {}) != stamp)
        return std::nullopt;
    try {
        return PtxasIdentity {json.at("version").get<std::string>(), json.at("archs").get<std::vector<int>>(), true};
    } catch (const nlohmann::json::exception&) {
        return std::nullopt; // a damaged entry is asked again
    }
}

/// identifyPtxas, asked once per process and executable.
Result<PtxasIdentity> identify(const fs::path& ptxas, const fs::path& cacheDir)
{
    static std::mutex mutex;
    static std::map<fs::path, PtxasIdentity> known;
    std::lock_guard lock(mutex);
    if (const auto it = known.find(ptxas); it != known.end())
        return it->second;
    auto identity = identifyPtxas(ptxas, cacheDir);
    if (identity)
        known.emplace(ptxas, *identity);
    return identity;
}

int targetArch(std::string_view ptxText)
{
    static const std::regex pattern(R"(\.target\s+sm_([0-9]+))");
    std::match_results<std::string_view::const_iterator> match;
    if (std::regex_search(ptxText.begin(), ptxText.end(), match, pattern))
        return std::stoi(match[1].str());
    return 0;
}

nlohmann::json toJson(const PtxasReport& report)
{
    auto kernels = nlohmann::json::array();
    for (const auto& k : report.kernels)
        kernels.push_back({{"mangled", k.mangled}, {"registers", k.registers}, {"barriers", k.barriers},
            {"shared_bytes", k.sharedBytes}, {"stack_frame_bytes", k.stackFrameBytes},
            {"spill_store_bytes", k.spillStoreBytes}, {"spill_load_bytes", k.spillLoadBytes}});
    return {{"arch", report.arch}, {"kernels", kernels}};
}

std::optional<PtxasReport> fromJson(const fs::path& file)
{
    std::ifstream in(file);
    if (!in)
        return std::nullopt;
    const auto json = nlohmann::json::parse(in, nullptr, false);
    if (json.is_discarded() || !json.is_object())
        return std::nullopt;
    try {
        PtxasReport report {json.at("arch").get<int>(), {}, true};
        for (const auto& k : json.at("kernels"))
            report.kernels.push_back(
                {k.at("mangled").get<std::string>(), k.at("registers").get<int>(), k.at("barriers").get<int>(),
                    k.at("shared_bytes").get<std::uint64_t>(), k.at("stack_frame_bytes").get<std::uint64_t>(),
                    k.at("spill_store_bytes").get<std::uint64_t>(), k.at("spill_load_bytes").get<std::uint64_t>()});
        return report;
    } catch (const nlohmann::json::exception&) {
        return std::nullopt; // a damaged cache entry is recomputed
    }
}

void storeAtomically(const fs::path& file, const std::string& text)
{
    fs::path tmp = file;
    tmp += ".tmp" + std::to_string(::getpid());
    {
        std::ofstream out(tmp, std::ios::binary);
        out << text;
    }
    std::error_code ec;
    fs::rename(tmp, file, ec);
    if (ec)
        fs::remove(tmp, ec);
}

} // namespace

Result<PtxasIdentity> identifyPtxas(const fs::path& ptxas, const fs::path& cacheDir)
{
    // Without a stamp (ptxas not statable) nothing is read or stored.
    const auto stamp = executableStamp(ptxas);
    const fs::path entry
        = stamp ? cacheDir / ("identity-" + contentHash(stamp->at("path").get<std::string>()) + ".json") : fs::path {};
    if (stamp) {
        if (auto stored = storedIdentity(entry, *stamp))
            return *stored;
    }
    const auto version = runProcess(ptxas, {"--version"});
    const auto help = runProcess(ptxas, {"--help"});
    if (!version || version->exitCode != 0 || !help || help->exitCode != 0)
        return Error(ErrorCode::IoError, "cannot run " + ptxas.string() + " --version / --help");
    PtxasIdentity identity {version->output, parsePtxasArchitectures(help->output)};
    std::error_code ec;
    fs::create_directories(cacheDir, ec);
    if (stamp && !ec)
        storeAtomically(entry,
            nlohmann::json {{"executable", *stamp}, {"version", identity.version}, {"archs", identity.archs}}.dump());
    return identity;
}

Result<fs::path> findPtxas(const NvccSearch& search)
{
    if (auto nvcc = findNvcc(search)) {
        const auto beside = nvcc->parent_path() / "ptxas";
        if (::access(beside.c_str(), X_OK) == 0)
            return beside;
    }
    NvccSearch others = search;
    others.explicitNvcc.clear();
    std::string_view path = others.pathEnv;
    std::vector<fs::path> dirs;
    while (!path.empty()) {
        const auto colon = path.find(':');
        if (colon != 0)
            dirs.emplace_back(std::string(path.substr(0, colon)));
        path = colon == std::string_view::npos ? std::string_view {} : path.substr(colon + 1);
    }
    if (!others.cudaPathEnv.empty())
        dirs.push_back(fs::path(others.cudaPathEnv) / "bin");
    dirs.insert(dirs.end(), others.fallbackDirs.begin(), others.fallbackDirs.end());
    for (const auto& dir : dirs) {
        if (::access((dir / "ptxas").c_str(), X_OK) == 0)
            return dir / "ptxas";
    }
    return Error(ErrorCode::NotFound, "ptxas (the CUDA assembler) not found beside nvcc, in PATH or $CUDA_PATH/bin");
}

std::vector<PtxasKernelResources> parsePtxasReport(std::string_view output)
{
    std::vector<PtxasKernelResources> kernels;
    std::map<std::string, std::array<std::uint64_t, 3>> frames; // name -> stack frame, spill stores, spill loads
    std::string properties;
    std::istringstream lines {std::string(output)};
    for (std::string line; std::getline(lines, line);) {
        if (line.find("Compiling entry function") != std::string::npos) {
            PtxasKernelResources kernel;
            kernel.mangled = nameInQuotes(line);
            kernels.push_back(std::move(kernel));
        } else if (line.find("Function properties for") != std::string::npos) {
            properties = line.substr(line.find("for ") + 4);
        } else if (line.find("bytes stack frame") != std::string::npos) {
            frames[properties] = {numberBefore(line, "bytes stack frame"), numberBefore(line, "bytes spill stores"),
                numberBefore(line, "bytes spill loads")};
        } else if (line.find("Used ") != std::string::npos && !kernels.empty()) {
            auto& k = kernels.back();
            k.registers = static_cast<int>(numberBefore(line, "registers"));
            k.barriers = static_cast<int>(numberBefore(line, "barriers"));
            k.sharedBytes = numberBefore(line, "bytes smem");
        }
    }
    for (auto& k : kernels) {
        if (const auto it = frames.find(k.mangled); it != frames.end()) {
            k.stackFrameBytes = it->second[0];
            k.spillStoreBytes = it->second[1];
            k.spillLoadBytes = it->second[2];
        }
    }
    return kernels;
}

std::vector<int> parsePtxasArchitectures(std::string_view help)
{
    std::vector<int> archs;
    static const std::regex pattern(R"('sm_([0-9]+)')");
    for (std::regex_iterator<std::string_view::const_iterator> it(help.begin(), help.end(), pattern), end; it != end;
         ++it)
        archs.push_back(std::stoi((*it)[1].str()));
    std::sort(archs.begin(), archs.end());
    archs.erase(std::unique(archs.begin(), archs.end()), archs.end());
    return archs;
}

int choosePtxasArch(int deviceArch, int ptxTarget, const std::vector<int>& supported)
{
    const int floor = std::max(deviceArch, ptxTarget);
    const auto atOrAbove = std::lower_bound(supported.begin(), supported.end(), floor);
    if (atOrAbove != supported.end())
        return *atOrAbove;
    // Newer than every architecture this ptxas knows: the newest one the PTX can still be compiled for.
    return !supported.empty() && supported.back() >= ptxTarget ? supported.back() : 0;
}

Result<PtxasReport> runPtxas(
    const fs::path& ptxFile, std::string_view ptxText, int deviceArch, const PtxasOptions& options)
{
    const auto ptxas = findPtxas(options.search);
    if (!ptxas)
        return ptxas.error();
    const fs::path dir = options.cacheDir.empty() ? userCacheDir("ptxas") : options.cacheDir;
    const auto identity = identify(*ptxas, dir);
    if (!identity)
        return identity.error();
    const int arch = choosePtxasArch(deviceArch, targetArch(ptxText), identity->archs);
    if (arch == 0)
        return Error(ErrorCode::InvalidArgument, "no architecture of " + ptxas->string() + " fits this PTX's .target",
            SourceLocation::inFile(ptxFile.string()));
    const auto arg = "-arch=sm_" + std::to_string(arch);
    const auto entry = dir / (contentHash(std::string(ptxText) + '\0' + identity->version + '\0' + arg) + ".json");
    if (auto cached = fromJson(entry); cached && cached->arch == arch)
        return *cached;
    const auto run = runProcess(*ptxas, {arg, "-v", fs::absolute(ptxFile).string(), "-o", "/dev/null"});
    if (!run)
        return run.error();
    if (run->exitCode != 0)
        return Error(ErrorCode::ParseError,
            "ptxas failed (exit " + std::to_string(run->exitCode) + "):\n" + run->output,
            SourceLocation::inFile(ptxFile.string()));
    PtxasReport report {arch, parsePtxasReport(run->output), false};
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (!ec)
        storeAtomically(entry, toJson(report).dump());
    return report;
}

} // namespace engine::ptx

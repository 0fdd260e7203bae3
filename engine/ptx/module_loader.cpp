#include "engine/ptx/module_loader.h"

#include "engine/common/input_file.h"
#include "engine/ptx/parser.h"

#include <charconv>

namespace engine::ptx {

Result<std::string> readTextFile(const std::filesystem::path& file)
{
    return readInputFile(file);
}

Result<int> parseArch(std::string_view name)
{
    std::string_view digits = name;
    if (digits.starts_with("sm_"))
        digits.remove_prefix(3);
    else if (digits.starts_with("compute_"))
        digits.remove_prefix(8);
    int arch = 0;
    auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), arch);
    if (ec != std::errc() || ptr != digits.data() + digits.size() || arch < 10 || arch > 1000)
        return Error(ErrorCode::InvalidArgument, "bad architecture '" + std::string(name) + "' (expected e.g. sm_80)");
    return arch;
}

Result<Module> loadModuleFile(const std::filesystem::path& file, const LoadOptions& options)
{
    std::string ext = file.extension().string();
    if (ext == ".cu") {
        if (auto error = checkInputFile(file))
            return *error;
        auto compiled = compileCudaToPtx(file, options.arch, options.nvcc);
        if (!compiled)
            return compiled.error();
        return parsePtx(compiled->ptx, compiled->ptxPath.string());
    }
    if (ext != ".ptx")
        return Error(ErrorCode::InvalidArgument, "expected a .ptx or .cu file", SourceLocation::inFile(file.string()));
    auto text = readTextFile(file);
    if (!text)
        return text.error();
    return parsePtx(*text, file.string());
}

} // namespace engine::ptx

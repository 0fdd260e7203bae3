#include "engine/ptx/source_map.h"

namespace engine::ptx {

std::optional<std::filesystem::path> findSourceFile(
    const Module& module, std::uint32_t fileIndex, const std::filesystem::path& ptxFile)
{
    if (fileIndex == 0 || fileIndex >= module.files.size() || module.files[fileIndex].empty())
        return std::nullopt;
    const std::filesystem::path name = module.files[fileIndex];
    const std::filesystem::path dir = ptxFile.parent_path();
    std::error_code ec;
    for (const auto& candidate : {name, dir / name, dir.parent_path() / name}) {
        if (std::filesystem::is_regular_file(candidate, ec))
            return candidate;
    }
    return std::nullopt;
}

std::vector<std::uint32_t> pcsForSourceLine(const Function& fn, std::uint32_t fileIndex, std::uint32_t line)
{
    std::vector<std::uint32_t> pcs;
    for (std::uint32_t pc = 0; pc < fn.instructions.size(); ++pc) {
        const SourceLine& s = fn.instructions[pc].source;
        if (s.file == fileIndex && s.line == line)
            pcs.push_back(pc);
    }
    return pcs;
}

} // namespace engine::ptx

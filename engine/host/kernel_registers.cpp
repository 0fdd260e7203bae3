#include "engine/host/kernel_registers.h"

#include <nlohmann/json.hpp>

#include <fstream>

namespace engine {

std::optional<int> shippedRegisterCount(const std::filesystem::path& ptxFile, const std::string& mangledName)
{
    std::ifstream in(ptxFile.parent_path() / "registers.json");
    if (!in)
        return std::nullopt;
    const auto table = nlohmann::json::parse(in, nullptr, false);
    if (table.is_discarded())
        return std::nullopt;
    const auto file = table.find(ptxFile.filename().string());
    if (file == table.end() || !file->is_object())
        return std::nullopt;
    const auto entry = file->find(mangledName);
    if (entry == file->end() || !entry->is_number_integer())
        return std::nullopt;
    return entry->get<int>();
}

} // namespace engine

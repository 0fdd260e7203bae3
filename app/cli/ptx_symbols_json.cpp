#include "app/cli/ptx_symbols_json.h"

#include "engine/ptx/module_symbols.h"

namespace app::cli {

namespace {

std::string hexBytes(const std::vector<std::uint8_t>& bytes)
{
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string text;
    for (const auto b : bytes) {
        text += kDigits[b >> 4];
        text += kDigits[b & 0xf];
    }
    return text;
}

} // namespace

nlohmann::json symbolsJson(const engine::ptx::Module& module)
{
    auto symbols = nlohmann::json::array();
    for (const auto& symbol : engine::ptx::moduleSymbols(module)) {
        const auto& v = module.variables[symbol.index];
        nlohmann::json json = {{"name", symbol.name}, {"ptx_name", v.name},
            {"space", std::string(engine::ptx::stateSpaceName(v.space))},
            {"type", std::string(engine::ptx::scalarTypeName(v.type))}, {"size", v.sizeBytes}, {"align", v.align},
            {"initialized", !v.init.empty() || !v.addressInits.empty()}};
        if (!v.init.empty())
            json["initializer_hex"] = hexBytes(v.init);
        if (!v.addressInits.empty())
            json["address_initializers"] = v.addressInits.size();
        symbols.push_back(std::move(json));
    }
    return symbols;
}

} // namespace app::cli

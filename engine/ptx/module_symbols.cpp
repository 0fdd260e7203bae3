#include "engine/ptx/module_symbols.h"

#include "engine/ptx/demangle.h"

namespace engine::ptx {

std::vector<ModuleSymbol> moduleSymbols(const Module& module)
{
    std::vector<ModuleSymbol> symbols;
    for (std::size_t i = 0; i < module.variables.size(); ++i) {
        const auto& v = module.variables[i];
        if (v.space == StateSpace::Global || v.space == StateSpace::Const)
            symbols.push_back(ModuleSymbol {static_cast<std::uint32_t>(i), demangledOrSame(v.name)});
    }
    return symbols;
}

std::optional<ModuleSymbol> findModuleSymbol(const Module& module, std::string_view name)
{
    for (auto& symbol : moduleSymbols(module)) {
        if (symbol.name == name || module.variables[symbol.index].name == name)
            return symbol;
    }
    return std::nullopt;
}

std::string symbolList(const Module& module)
{
    std::string names;
    for (const auto& symbol : moduleSymbols(module))
        names += (names.empty() ? "" : ", ") + symbol.name;
    return names.empty() ? "none" : names;
}

} // namespace engine::ptx

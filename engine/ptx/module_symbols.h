#pragma once

#include "engine/ptx/module.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace engine::ptx {

/// A module-scope variable the host can reach by name (cudaMemcpyToSymbol, Programming Guide 0.8.2 §4.5.2.3):
/// a `__constant__` (.const) or `__device__` (.global) variable.
struct ModuleSymbol {
    std::uint32_t index = 0; ///< into Module::variables
    std::string name; ///< as the host names it: the demangled name ("ns::table") or the PTX name
};

/// The module's .const and .global variables, in declaration order.
std::vector<ModuleSymbol> moduleSymbols(const Module& module);

/// The symbol named `name` (its PTX name, or its demangled name for a variable in a namespace); nullopt when
/// there is none.
std::optional<ModuleSymbol> findModuleSymbol(const Module& module, std::string_view name);

/// "filter, counter" for messages; "none" when the module has no symbols.
std::string symbolList(const Module& module);

} // namespace engine::ptx

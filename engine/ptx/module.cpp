#include "engine/ptx/module.h"

#include <numeric>

namespace engine::ptx {

std::uint32_t RegisterFiles::total() const
{
    return std::accumulate(counts.begin(), counts.end(), 0U);
}

std::string RegisterFiles::nameOf(RegRef reg) const
{
    for (const RegDecl& d : decls) {
        if (d.file != reg.file || reg.index < d.base || reg.index - d.base >= d.count)
            continue;
        return d.parameterized ? d.name + std::to_string(reg.index - d.base) : d.name;
    }
    return {};
}

int Module::findFunction(std::string_view name) const
{
    int found = -1;
    for (std::size_t i = 0; i < functions.size(); ++i) {
        const Function& f = functions[i];
        if (f.name == name || f.demangled == name)
            return static_cast<int>(i);
        std::string_view plain = f.demangled;
        plain = plain.substr(0, plain.find('('));
        if (plain == name) {
            if (found >= 0)
                return -1; // overloaded: the plain name is ambiguous
            found = static_cast<int>(i);
        }
    }
    return found;
}

std::vector<const Function*> Module::kernels() const
{
    std::vector<const Function*> out;
    for (const Function& f : functions) {
        if (f.isEntry)
            out.push_back(&f);
    }
    return out;
}

std::optional<Error> Module::refusal(std::uint32_t function) const
{
    std::vector<std::uint8_t> seen(functions.size(), 0);
    std::vector<std::uint32_t> work {function};
    seen[function] = 1;
    while (!work.empty()) {
        const std::uint32_t f = work.back();
        work.pop_back();
        if (const auto& why = functions[f].refusal) {
            Error e = *why;
            if (f != function)
                e.message = "(in " + functions[f].name + ") " + e.message;
            return e;
        }
        for (const CallSite& site : functions[f].callSites) {
            if (!seen[site.callee]) {
                seen[site.callee] = 1;
                work.push_back(site.callee);
            }
        }
    }
    return std::nullopt;
}

} // namespace engine::ptx

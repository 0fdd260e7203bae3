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

} // namespace engine::ptx

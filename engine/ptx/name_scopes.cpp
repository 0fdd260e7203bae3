#include "engine/ptx/name_scopes.h"

namespace engine::ptx {

NameScopes::NameScopes()
{
    m_frames.emplace_back();
}

void NameScopes::push()
{
    m_frames.emplace_back();
}

void NameScopes::pop()
{
    if (m_frames.size() > 1)
        m_frames.pop_back();
}

bool NameScopes::declareRegisters(
    RegisterFiles& files, const std::string& name, ScalarType type, bool parameterized, std::uint32_t count)
{
    Frame& frame = m_frames.back();
    RegFile file = regFileFor(type);
    std::uint32_t& next = files.counts[static_cast<std::size_t>(file)];
    if (parameterized) {
        if (!frame.ranges.emplace(name, RegRange {file, next, count}).second)
            return false;
    } else {
        if (!frame.registers.emplace(name, RegRef {file, next}).second)
            return false;
    }
    files.decls.push_back(RegDecl {name, type, file, parameterized, next, count});
    next += count;
    return true;
}

std::optional<RegRef> NameScopes::findInFrame(const Frame& frame, std::string_view name)
{
    if (!frame.registers.empty()) {
        if (auto it = frame.registers.find(name); it != frame.registers.end())
            return it->second;
    }
    if (frame.ranges.empty())
        return std::nullopt;
    // PTX ISA 8.5 §5.2.2: %r<N> declares %r0 .. %r{N-1}; split "%r12" into "%r" and 12.
    std::size_t digits = name.size();
    while (digits > 0 && name[digits - 1] >= '0' && name[digits - 1] <= '9')
        --digits;
    if (digits == name.size() || name.size() - digits > 9)
        return std::nullopt;
    if (name.size() - digits > 1 && name[digits] == '0')
        return std::nullopt; // "%r01" is not a member of %r<N>
    auto it = frame.ranges.find(name.substr(0, digits));
    if (it == frame.ranges.end())
        return std::nullopt;
    std::uint32_t n = 0;
    for (char c : name.substr(digits))
        n = n * 10 + static_cast<std::uint32_t>(c - '0');
    if (n >= it->second.count)
        return std::nullopt;
    return RegRef {it->second.file, it->second.base + n};
}

std::optional<RegRef> NameScopes::findRegister(std::string_view name) const
{
    for (auto it = m_frames.rbegin(); it != m_frames.rend(); ++it) {
        if (auto found = findInFrame(*it, name))
            return found;
    }
    return std::nullopt;
}

bool NameScopes::declareVariable(const std::string& name, std::uint32_t index)
{
    return m_frames.back().variables.emplace(name, index).second;
}

std::optional<std::uint32_t> NameScopes::findVariable(std::string_view name) const
{
    for (auto it = m_frames.rbegin(); it != m_frames.rend(); ++it) {
        if (auto found = it->variables.find(name); found != it->variables.end())
            return found->second;
    }
    return std::nullopt;
}

} // namespace engine::ptx

#pragma once

#include "engine/ptx/module.h"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace engine::ptx {

/// Transparent string hashing so lookups by string_view do not allocate.
struct StringHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view> {}(s); }
};
template <typename V> using StringMap = std::unordered_map<std::string, V, StringHash, std::equal_to<>>;

/// The register and variable names visible inside a function body. PTX ISA 8.5 §11.3 "Statements":
/// a `{ }` block opens a scope; declarations inside it hide outer ones and vanish at its end
/// (nvcc's call sequences each declare `param0` in their own block).
class NameScopes {
public:
    NameScopes();

    void push();
    void pop();

    /// Declares `count` registers `prefix0..prefix{count-1}` (parameterized) or one register `name`.
    /// Returns false when the name is already declared in the innermost scope.
    bool declareRegisters(
        RegisterFiles& files, const std::string& name, ScalarType type, bool parameterized, std::uint32_t count);
    std::optional<RegRef> findRegister(std::string_view name) const;

    /// Binds `name` to Function::variables[index]; false when already declared in this scope.
    bool declareVariable(const std::string& name, std::uint32_t index);
    std::optional<std::uint32_t> findVariable(std::string_view name) const;

private:
    struct RegRange {
        RegFile file;
        std::uint32_t base;
        std::uint32_t count;
    };
    struct Frame {
        StringMap<RegRef> registers;
        StringMap<RegRange> ranges;
        StringMap<std::uint32_t> variables;
    };
    static std::optional<RegRef> findInFrame(const Frame& frame, std::string_view name);

    std::vector<Frame> m_frames;
};

} // namespace engine::ptx

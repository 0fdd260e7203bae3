#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace engine::ptx {

/// Demangles the Itanium C++ ABI names nvcc gives kernels and device functions
/// (Itanium C++ ABI §5.1 "Mangling"): `_Z10offsetCopyPfS_i` -> `offsetCopy(float*, float*, int)`.
/// Covers plain, nested and local names, builtin and CUDA vector types, pointers, references,
/// cv-qualifiers, substitutions and simple templates. Nothing when the name is not mangled or uses
/// a construct outside that subset (callers then show the mangled name).
std::optional<std::string> demangle(std::string_view mangled);

/// demangle(name) or, when that fails, the name itself.
std::string demangledOrSame(std::string_view name);

} // namespace engine::ptx

#pragma once

#include "engine/common/result.h"
#include "engine/ptx/module.h"

#include <string>
#include <string_view>

namespace engine::ptx {

/// Parses and decodes a PTX module: lexing, declarations, pre-decoded instructions, resolved labels,
/// reconvergence points of every branch and demangled names. `sourceName` names the file in errors
/// ("offset_copy.ptx:12:5: unsupported: tex"). Anything outside the supported subset is an
/// ErrorCode::Unsupported error rather than something that would execute wrongly later.
Result<Module> parsePtx(std::string_view source, std::string sourceName);

} // namespace engine::ptx

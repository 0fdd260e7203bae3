#pragma once

#include "engine/ptx/module.h"
#include "engine/ptx/name_scopes.h"
#include "engine/ptx/token_cursor.h"

namespace engine::ptx {

/// The part of a variable declaration before its names (PTX ISA 8.5 §5.4.1):
/// `.global .align 4 .f32`, `.param .u64 .ptr .global .align 1`, `.shared .v4 .f32`.
struct VarAttrs {
    StateSpace space = StateSpace::Global;
    ScalarType type = ScalarType::None;
    std::uint32_t align = 0; ///< 0: the element size
    std::uint32_t vectorWidth = 1;
    bool isPointer = false;
    bool isExtern = false;
};

/// Parses the attributes after the state-space directive, up to and including the type.
VarAttrs parseVarAttrs(TokenCursor& cur, StateSpace space, bool isExtern);

/// The module-level names an initializer may take the address of; null maps allow none.
struct InitSymbols {
    const StringMap<std::uint32_t>* variables = nullptr; ///< name -> Module::variables index
    const StringMap<std::uint32_t>* functions = nullptr; ///< name -> Module::functions index
};

/// Parses one declarator: `name`, `name[4][8]`, `name[]`, with `= initializer` when allowInit.
/// The offset is left 0; callers lay variables out in their space.
Variable parseDeclarator(TokenCursor& cur, const VarAttrs& attrs, bool allowInit, const InitSymbols& symbols = {});

} // namespace engine::ptx

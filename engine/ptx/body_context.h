#pragma once

#include "engine/ptx/module.h"
#include "engine/ptx/name_scopes.h"
#include "engine/ptx/token_cursor.h"

#include <vector>

namespace engine::ptx {

/// A branch operand naming a label, resolved once the whole body is read (labels may come later).
struct LabelFixup {
    std::uint32_t pc;
    std::uint8_t operand;
    Token name;
};

/// What the statement parsers of one function body share.
struct BodyContext {
    TokenCursor& cur;
    Module& module;
    Function& fn;
    NameScopes& scopes;
    const StringMap<std::uint32_t>& moduleVariables; ///< name -> Module::variables index
    const StringMap<std::uint32_t>& functionIndex; ///< name -> Module::functions index
    std::vector<LabelFixup> fixups;
    SourceLine location; ///< from the last .loc
};

/// Parses one instruction statement (PTX ISA 8.5 §11.3.2): opcode, suffixes, operands and ';'.
/// The guard, when present, was already read by the caller and is stored in `ins`.
void parseInstruction(BodyContext& ctx, Instruction ins);

/// Parses one operand of `ins` into ins.operands[slot] (PTX ISA 8.5 §6 "Instruction Operands").
void parseOperand(BodyContext& ctx, Instruction& ins, std::size_t slot);

} // namespace engine::ptx

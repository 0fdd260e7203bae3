#pragma once

#include "engine/ptx/module.h"
#include "engine/ptx/name_scopes.h"
#include "engine/ptx/token_cursor.h"

namespace engine::ptx {

/// The module level of PTX (PTX ISA 8.5 §11.1 "PTX Module Directives" and §11.2): .version, .target,
/// .address_size, .file, .section, variables and functions. Throws ParseFailure (see parsePtx).
class ModuleParser {
public:
    explicit ModuleParser(TokenCursor& cur);

    Module parse();

private:
    void parseHeader();
    void parseTopLevel();
    void parseDeclaration(const Token& first);
    void parseModuleVariables(StateSpace space, bool isExtern);
    void parseFile();
    void skipSection();
    void checkTarget();

    TokenCursor& m_cur;
    Module m_module;
    StringMap<std::uint32_t> m_variables;
    StringMap<std::uint32_t> m_functions;
};

} // namespace engine::ptx

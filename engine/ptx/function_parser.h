#pragma once

#include "engine/ptx/body_context.h"

namespace engine::ptx {

/// Parses a `.entry` or `.func` directive after its keyword (PTX ISA 8.5 §11.2.1 and §11.2.2):
/// return values, name, parameters, performance-tuning directives, and the body or ';'.
/// Appends the function to module.functions (or fills the body of an earlier declaration).
class FunctionParser {
public:
    FunctionParser(TokenCursor& cur, Module& module, const StringMap<std::uint32_t>& moduleVariables,
        StringMap<std::uint32_t>& functionIndex);

    void parse(bool isEntry, std::uint32_t line);

private:
    void parseParamList(Function& fn, NameScopes& scopes, std::vector<std::uint32_t>& out);
    std::uint32_t parseParam(Function& fn, NameScopes& scopes);
    void parseTuningDirectives(Function& fn);
    void parseBody(BodyContext& ctx, int depth);
    void parseStatement(BodyContext& ctx, int depth);
    void parseDirectiveStatement(BodyContext& ctx);
    void parseRegDecl(BodyContext& ctx);
    void parseLocalVariables(BodyContext& ctx, StateSpace space);
    void parseLoc(BodyContext& ctx);
    void parseLabel(BodyContext& ctx, StringMap<std::uint32_t>& labels);
    void resolveLabels(BodyContext& ctx);
    std::uint32_t registerFunction(Function fn, const Token& nameTok);
    /// Records why `fn` cannot run, empties its body and moves past it (Function::refusal).
    void refuse(Function& fn, const Error& why, std::size_t bodyStart);

    TokenCursor& m_cur;
    Module& m_module;
    const StringMap<std::uint32_t>& m_moduleVariables;
    StringMap<std::uint32_t>& m_functionIndex;
    StringMap<std::uint32_t> m_labels;
    std::vector<Token> m_labelTokens;
};

} // namespace engine::ptx

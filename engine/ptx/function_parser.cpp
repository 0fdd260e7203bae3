#include "engine/ptx/function_parser.h"

#include "engine/common/align_up.h"
#include "engine/ptx/variable_parser.h"

namespace engine::ptx {

namespace {

constexpr int kMaxBlockDepth = 64;
constexpr std::uint32_t kMaxRegisters = 1U << 22; // per function; nvcc's largest use a few thousand
// A thread's declared registers may take at most 256 KiB, the largest register file of any one SM
// (64K 32-bit registers, CUDA C Programming Guide, compute capabilities table, CC 3.0 to 9.0): PTX sets
// no limit on virtual registers (PTX ISA 8.5 §5.2.2), but the executor keeps every declared register of
// every lane of a block, so `.reg .b32 %r<4194200>` would cost 16 MiB per thread, 4 GiB per block.
constexpr std::uint64_t kMaxRegisterBytesPerThread = std::uint64_t {64} * 1024 * 4;

/// Bytes one thread's declared registers take (predicates as one byte each: an upper bound).
std::uint64_t registerBytesPerThread(const RegisterFiles& files)
{
    static constexpr std::array<std::uint64_t, kRegFileCount> kBytes {1, 2, 4, 8, 16};
    std::uint64_t bytes = 0;
    for (std::size_t f = 0; f < kRegFileCount; ++f)
        bytes += kBytes[f] * files.counts[f];
    return bytes;
}

std::uint32_t readDims(TokenCursor& cur, std::array<std::uint32_t, 3>& dims, std::string_view what)
{
    std::uint32_t n = 0;
    do {
        if (n == 3)
            cur.fail(cur.peek(), std::string(what) + " takes at most 3 dimensions");
        dims[n++] = static_cast<std::uint32_t>(cur.expectInteger(what, 0xffffffffU));
    } while (cur.accept(','));
    return n;
}

} // namespace

FunctionParser::FunctionParser(TokenCursor& cur, Module& module, const StringMap<std::uint32_t>& moduleVariables,
    StringMap<std::uint32_t>& functionIndex)
    : m_cur(cur)
    , m_module(module)
    , m_moduleVariables(moduleVariables)
    , m_functionIndex(functionIndex)
{ }

void FunctionParser::parse(bool isEntry, std::uint32_t line)
{
    Function fn;
    fn.isEntry = isEntry;
    fn.line = line;
    NameScopes scopes;
    if (!isEntry && m_cur.peek().is('('))
        parseParamList(fn, scopes, fn.returns); // PTX ISA 8.5 §11.2.2: .func (ret-list) name (params)
    const Token& nameTok = m_cur.expectIdentifier(isEntry ? ".entry" : ".func");
    fn.name = std::string(nameTok.text);
    if (m_cur.peek().is('('))
        parseParamList(fn, scopes, fn.params);
    parseTuningDirectives(fn);
    if (m_cur.accept(';')) {
        registerFunction(std::move(fn), nameTok);
        return;
    }
    m_cur.expect('{', "function " + fn.name);
    fn.hasBody = true;
    std::uint32_t index = registerFunction(std::move(fn), nameTok);
    Function& body = m_module.functions[index];
    BodyContext ctx {m_cur, m_module, body, scopes, m_moduleVariables, m_functionIndex, {}, {}};
    m_labels.clear();
    m_labelTokens.clear();
    const std::size_t bodyStart = m_cur.position();
    try {
        parseBody(ctx, 0);
        resolveLabels(ctx);
    } catch (const ParseFailure& failure) {
        // An unsupported instruction refuses this function only; anything malformed fails the module.
        if (failure.error.code != ErrorCode::Unsupported)
            throw;
        refuse(m_module.functions[index], failure.error, bodyStart);
        return;
    }
    // PTX ISA 8.5 §5.1.5: dynamic (extern) shared memory starts after the static allocations.
    for (Variable& v : body.variables) {
        if (v.isExtern && v.space == StateSpace::Shared)
            v.offset = alignUp(body.sharedBytes, v.align);
    }
}

void FunctionParser::refuse(Function& fn, const Error& why, std::size_t bodyStart)
{
    fn.refusal = why;
    fn.instructions.clear();
    fn.vectorRegs.clear();
    fn.vectorImmediates.clear();
    fn.callSites.clear();
    fn.labels.clear();
    fn.labelPcs.clear();
    // Skip to the '}' that closes the body: the braces between are balanced in any PTX ptxas accepts.
    m_cur.seek(bodyStart);
    int depth = 1;
    while (depth > 0) {
        const Token& t = m_cur.take();
        if (t.kind == TokenKind::End)
            m_cur.fail(t, "unexpected end of file inside function " + fn.name + " (missing '}')");
        depth += t.is('{') ? 1 : t.is('}') ? -1 : 0;
    }
}

std::uint32_t FunctionParser::registerFunction(Function fn, const Token& nameTok)
{
    auto it = m_functionIndex.find(fn.name);
    if (it == m_functionIndex.end()) {
        auto index = static_cast<std::uint32_t>(m_module.functions.size());
        m_functionIndex.emplace(fn.name, index);
        m_module.functions.push_back(std::move(fn));
        return index;
    }
    Function& existing = m_module.functions[it->second];
    if (existing.hasBody && fn.hasBody)
        m_cur.fail(nameTok, "duplicate definition of function " + fn.name);
    if (fn.hasBody)
        existing = std::move(fn); // a definition after its prototype (§11.2.2)
    return it->second;
}

void FunctionParser::parseParamList(Function& fn, NameScopes& scopes, std::vector<std::uint32_t>& out)
{
    m_cur.expect('(', "parameter list");
    if (m_cur.accept(')'))
        return;
    do {
        out.push_back(parseParam(fn, scopes));
    } while (m_cur.accept(','));
    m_cur.expect(')', "parameter list");
}

// PTX ISA 8.5 §5.1.6 "Parameter State Space": kernel parameters are laid out in declaration order,
// each at an offset aligned to its alignment (§5.1.6.1).
std::uint32_t FunctionParser::parseParam(Function& fn, NameScopes& scopes)
{
    const Token& spaceTok = m_cur.peek();
    if (spaceTok.isDot(".reg"))
        m_cur.fail(spaceTok, "unsupported: .reg parameters (pre-ISA-2.0 calling convention)", ErrorCode::Unsupported);
    if (!m_cur.acceptDot(".param"))
        m_cur.failExpected("'.param'", "parameter list");
    VarAttrs attrs = parseVarAttrs(m_cur, StateSpace::Param, false);
    const Token& nameTok = m_cur.peek();
    Variable v = parseDeclarator(m_cur, attrs, false);
    v.offset = alignUp(fn.paramBytes, v.align);
    fn.paramBytes = v.offset + v.sizeBytes;
    auto index = static_cast<std::uint32_t>(fn.variables.size());
    if (!scopes.declareVariable(v.name, index))
        m_cur.fail(nameTok, "duplicate parameter " + v.name);
    fn.variables.push_back(std::move(v));
    return index;
}

// PTX ISA 8.5 §11.4 "Performance-Tuning Directives" and §11.2.2's .noreturn.
void FunctionParser::parseTuningDirectives(Function& fn)
{
    for (;;) {
        const Token& t = m_cur.peek();
        if (t.kind != TokenKind::DotName)
            return;
        m_cur.take();
        if (t.text == ".maxntid") {
            readDims(m_cur, fn.maxntid, ".maxntid");
        } else if (t.text == ".reqntid") {
            readDims(m_cur, fn.reqntid, ".reqntid");
        } else if (t.text == ".reqnctapercluster") {
            readDims(m_cur, fn.reqnctapercluster, ".reqnctapercluster");
        } else if (t.text == ".explicitcluster") {
            fn.explicitCluster = true;
        } else if (t.text == ".minnctapersm" || t.text == ".maxnctapersm" || t.text == ".maxnreg"
            || t.text == ".maxclusterrank") {
            m_cur.expectInteger(t.text);
        } else if (t.text == ".pragma") {
            m_cur.expectKind(TokenKind::String, "a string", ".pragma");
            m_cur.expect(';', ".pragma");
        } else if (t.text != ".noreturn") {
            m_cur.fail(t, "unsupported: " + std::string(t.text), ErrorCode::Unsupported);
        }
    }
}

void FunctionParser::parseBody(BodyContext& ctx, int depth)
{
    if (depth > kMaxBlockDepth)
        m_cur.fail(m_cur.peek(), "blocks nested deeper than " + std::to_string(kMaxBlockDepth) + " levels");
    while (!m_cur.accept('}'))
        parseStatement(ctx, depth);
}

void FunctionParser::parseStatement(BodyContext& ctx, int depth)
{
    const Token& t = m_cur.peek();
    if (t.kind == TokenKind::End)
        m_cur.fail(t, "unexpected end of file inside function " + ctx.fn.name + " (missing '}')");
    if (m_cur.accept('{')) {
        ctx.scopes.push();
        parseBody(ctx, depth + 1);
        ctx.scopes.pop();
    } else if (t.kind == TokenKind::DotName) {
        parseDirectiveStatement(ctx);
    } else if (m_cur.accept('@')) {
        // PTX ISA 8.5 §9.3 "Predicated Execution": @p or @!p guards the instruction.
        Instruction ins;
        ins.guarded = true;
        ins.guardNegated = m_cur.accept('!');
        const Token& p = m_cur.expectIdentifier("guard predicate");
        auto reg = ctx.scopes.findRegister(p.text);
        if (!reg)
            m_cur.fail(p, "undefined register " + std::string(p.text));
        if (reg->file != RegFile::Pred)
            m_cur.fail(p, "guard " + std::string(p.text) + " is not a .pred register");
        ins.guardReg = reg->index;
        parseInstruction(ctx, ins);
    } else if (t.kind == TokenKind::Identifier && m_cur.peek(1).is(':')) {
        parseLabel(ctx, m_labels);
    } else if (t.kind == TokenKind::Identifier) {
        parseInstruction(ctx, Instruction {});
    } else {
        m_cur.failExpected("a statement", "function " + ctx.fn.name);
    }
}

void FunctionParser::parseDirectiveStatement(BodyContext& ctx)
{
    const Token& t = m_cur.take();
    if (t.text == ".reg") {
        parseRegDecl(ctx);
    } else if (t.text == ".shared") {
        parseLocalVariables(ctx, StateSpace::Shared);
    } else if (t.text == ".local") {
        parseLocalVariables(ctx, StateSpace::Local);
    } else if (t.text == ".param") {
        parseLocalVariables(ctx, StateSpace::Param);
    } else if (t.text == ".loc") {
        parseLoc(ctx);
    } else if (t.text == ".pragma") {
        // PTX ISA 8.5 §11.3.7: .pragma "nounroll"; is a hint to the optimizer; nothing to model.
        m_cur.expectKind(TokenKind::String, "a string", ".pragma");
        while (m_cur.accept(','))
            m_cur.expectKind(TokenKind::String, "a string", ".pragma");
        m_cur.expect(';', ".pragma");
    } else {
        m_cur.fail(t, "unsupported: " + std::string(t.text) + " inside a function body", ErrorCode::Unsupported);
    }
}

// PTX ISA 8.5 §5.2.2 / §11.3.2 ".reg": `.reg .type name<N>` declares name0 .. name{N-1}.
void FunctionParser::parseRegDecl(BodyContext& ctx)
{
    const Token& typeTok = m_cur.expectKind(TokenKind::DotName, "a register type", ".reg");
    auto type = parseScalarType(typeTok.text.substr(1));
    if (!type)
        m_cur.fail(typeTok, "unsupported: .reg " + std::string(typeTok.text), ErrorCode::Unsupported);
    do {
        const Token& nameTok = m_cur.expectIdentifier(".reg");
        bool parameterized = m_cur.accept('<');
        std::uint32_t count = 1;
        if (parameterized) {
            count = static_cast<std::uint32_t>(m_cur.expectInteger(".reg count", kMaxRegisters));
            m_cur.expect('>', ".reg");
        }
        if (ctx.fn.registers.total() + count > kMaxRegisters)
            m_cur.fail(nameTok, "more than " + std::to_string(kMaxRegisters) + " registers in function " + ctx.fn.name,
                ErrorCode::Unsupported);
        if (!ctx.scopes.declareRegisters(ctx.fn.registers, std::string(nameTok.text), *type, parameterized, count))
            m_cur.fail(nameTok, "duplicate register declaration " + std::string(nameTok.text));
        if (const auto bytes = registerBytesPerThread(ctx.fn.registers); bytes > kMaxRegisterBytesPerThread)
            m_cur.fail(nameTok,
                "registers of function " + ctx.fn.name + " take " + std::to_string(bytes)
                    + " bytes per thread, more than the 262144 of an SM's whole register file",
                ErrorCode::Unsupported);
    } while (m_cur.accept(','));
    m_cur.expect(';', ".reg");
}

void FunctionParser::parseLocalVariables(BodyContext& ctx, StateSpace space)
{
    VarAttrs attrs = parseVarAttrs(m_cur, space, false);
    do {
        const Token& nameTok = m_cur.peek();
        Variable v = parseDeclarator(m_cur, attrs, false);
        if (space == StateSpace::Shared) {
            v.offset = alignUp(ctx.fn.sharedBytes, v.align);
            ctx.fn.sharedBytes = v.offset + v.sizeBytes;
        } else if (space == StateSpace::Local) {
            v.offset = alignUp(ctx.fn.localBytes, v.align);
            ctx.fn.localBytes = v.offset + v.sizeBytes;
        }
        auto index = static_cast<std::uint32_t>(ctx.fn.variables.size());
        if (!ctx.scopes.declareVariable(v.name, index))
            m_cur.fail(nameTok, "duplicate declaration of " + v.name);
        ctx.fn.variables.push_back(std::move(v));
    } while (m_cur.accept(','));
    m_cur.expect(';', "variable declaration");
}

// PTX ISA 8.5 §11.5.2 ".loc file line column [, function_name label[+off], inlined_at f l c]".
void FunctionParser::parseLoc(BodyContext& ctx)
{
    ctx.location.file = static_cast<std::uint32_t>(m_cur.expectInteger(".loc file", 0xffffffffU));
    ctx.location.line = static_cast<std::uint32_t>(m_cur.expectInteger(".loc line", 0xffffffffU));
    ctx.location.column = static_cast<std::uint32_t>(m_cur.expectInteger(".loc column", 0xffffffffU));
    while (m_cur.accept(',')) {
        const Token& key = m_cur.expectIdentifier(".loc");
        if (key.text == "function_name") {
            m_cur.expectIdentifier(".loc function_name");
            if (m_cur.accept('+'))
                m_cur.expectInteger(".loc function_name offset");
        } else if (key.text == "inlined_at") {
            for (int i = 0; i < 3; ++i)
                m_cur.expectInteger(".loc inlined_at");
        } else {
            m_cur.fail(key, "unsupported: .loc attribute " + std::string(key.text), ErrorCode::Unsupported);
        }
    }
}

void FunctionParser::parseLabel(BodyContext& ctx, StringMap<std::uint32_t>& labels)
{
    const Token& name = m_cur.take();
    m_cur.take(); // ':'
    auto pc = static_cast<std::uint32_t>(ctx.fn.instructions.size());
    auto [it, inserted] = labels.emplace(std::string(name.text), static_cast<std::uint32_t>(m_labelTokens.size()));
    if (!inserted) {
        const Token& first = m_labelTokens[it->second];
        m_cur.fail(name,
            "duplicate label " + std::string(name.text) + " (first defined at line " + std::to_string(first.line)
                + ")");
    }
    m_labelTokens.push_back(name);
    ctx.fn.labels.emplace_back(name.text);
    ctx.fn.labelPcs.push_back(pc);
}

void FunctionParser::resolveLabels(BodyContext& ctx)
{
    for (const LabelFixup& f : ctx.fixups) {
        auto it = m_labels.find(f.name.text);
        if (it == m_labels.end())
            m_cur.fail(f.name, "undefined label " + std::string(f.name.text));
        ctx.fn.instructions[f.pc].operands[f.operand].index = ctx.fn.labelPcs[it->second];
    }
}

} // namespace engine::ptx

#include "engine/ptx/module_parser.h"

#include "engine/common/align_up.h"
#include "engine/ptx/function_parser.h"
#include "engine/ptx/variable_parser.h"

namespace engine::ptx {

namespace {

constexpr int kMaxSectionDepth = 64;

bool isLinkage(std::string_view d)
{
    // PTX ISA 8.5 §11.6 "Linking Directives".
    return d == ".visible" || d == ".extern" || d == ".weak" || d == ".common";
}

} // namespace

ModuleParser::ModuleParser(TokenCursor& cur)
    : m_cur(cur)
{
    m_module.sourceName = cur.file();
}

Module ModuleParser::parse()
{
    parseHeader();
    while (!m_cur.atEnd())
        parseTopLevel();
    return std::move(m_module);
}

// PTX ISA 8.5 §11.1.1-§11.1.3: every module starts with .version, then .target, then an optional
// .address_size.
void ModuleParser::parseHeader()
{
    const Token& v = m_cur.peek();
    if (!m_cur.acceptDot(".version"))
        m_cur.fail(v,
            v.kind == TokenKind::End ? "empty file: expected .version"
                                     : "expected .version at the start of a PTX module");
    const Token& num = m_cur.peek();
    if (num.kind != TokenKind::Float || num.isHexFloat)
        m_cur.failExpected("a version number like 8.5", ".version");
    m_cur.take();
    std::string_view text = num.text;
    std::size_t dot = text.find('.');
    m_module.versionMajor = static_cast<std::uint32_t>(text[0] - '0');
    if (dot != 1 || text.size() - dot - 1 > 2 || m_module.versionMajor < 1 || m_module.versionMajor > 9)
        m_cur.fail(num, "unsupported: PTX ISA version " + std::string(text), ErrorCode::Unsupported);
    m_module.versionMinor = static_cast<std::uint32_t>(std::stoul(std::string(text.substr(dot + 1))));
    if (!m_cur.acceptDot(".target"))
        m_cur.failExpected("'.target'", "module header");
    m_module.target = std::string(m_cur.expectIdentifier(".target").text);
    while (m_cur.accept(','))
        m_cur.expectIdentifier(".target"); // texmode_*, map_f64_to_f32, debug (§11.1.2)
    checkTarget();
    if (m_cur.acceptDot(".address_size")) {
        const Token& at = m_cur.peek();
        std::uint64_t bits = m_cur.expectInteger(".address_size");
        if (bits != 32 && bits != 64)
            m_cur.fail(at, ".address_size must be 32 or 64");
        m_module.addressSize = static_cast<std::uint32_t>(bits);
    }
}

void ModuleParser::checkTarget()
{
    const std::string& t = m_module.target;
    if (t.size() < 4 || t.compare(0, 3, "sm_") != 0 || t[3] < '1' || t[3] > '9')
        m_cur.fail(m_cur.peek(), "unsupported: .target " + t, ErrorCode::Unsupported);
}

void ModuleParser::parseTopLevel()
{
    const Token& t = m_cur.peek();
    if (t.kind != TokenKind::DotName)
        m_cur.failExpected("a directive", "module");
    if (m_cur.acceptDot(".file")) {
        parseFile();
    } else if (m_cur.acceptDot(".section")) {
        skipSection();
    } else if (t.isDot(".version") || t.isDot(".target")) {
        m_cur.fail(t, std::string(t.text) + " may appear only once, at the start of the module");
    } else {
        parseDeclaration(t);
    }
}

void ModuleParser::parseDeclaration(const Token& first)
{
    bool isExtern = false;
    while (m_cur.peek().kind == TokenKind::DotName && isLinkage(m_cur.peek().text))
        isExtern = m_cur.take().text == ".extern" || isExtern;
    const Token& t = m_cur.peek();
    if (t.kind != TokenKind::DotName)
        m_cur.failExpected("a declaration", "module");
    m_cur.take();
    if (t.text == ".entry" || t.text == ".func") {
        FunctionParser fp(m_cur, m_module, m_variables, m_functions);
        fp.parse(t.text == ".entry", first.line);
    } else if (t.text == ".global") {
        parseModuleVariables(StateSpace::Global, isExtern);
    } else if (t.text == ".const") {
        parseModuleVariables(StateSpace::Const, isExtern);
    } else if (t.text == ".shared") {
        parseModuleVariables(StateSpace::Shared, isExtern);
    } else {
        m_cur.fail(t, "unsupported: " + std::string(t.text), ErrorCode::Unsupported);
    }
}

// PTX ISA 8.5 §5.4 "Variables" at module scope; an .extern .shared array without a size is the
// kernel's dynamic shared memory (§5.1.5), given its size at launch.
void ModuleParser::parseModuleVariables(StateSpace space, bool isExtern)
{
    VarAttrs attrs = parseVarAttrs(m_cur, space, isExtern);
    do {
        const Token& nameTok = m_cur.peek();
        Variable v
            = parseDeclarator(m_cur, attrs, space != StateSpace::Shared, InitSymbols {&m_variables, &m_functions});
        if (space == StateSpace::Shared && !isExtern) {
            v.offset = alignUp(m_module.sharedBytes, v.align);
            m_module.sharedBytes = v.offset + v.sizeBytes;
        }
        auto index = static_cast<std::uint32_t>(m_module.variables.size());
        if (!m_variables.emplace(v.name, index).second)
            m_cur.fail(nameTok, "duplicate declaration of " + v.name);
        m_module.variables.push_back(std::move(v));
    } while (m_cur.accept(','));
    m_cur.expect(';', "variable declaration");
}

// PTX ISA 8.5 §11.5.1 ".file index "name" [, timestamp, size]".
void ModuleParser::parseFile()
{
    const Token& at = m_cur.peek();
    auto index = static_cast<std::size_t>(m_cur.expectInteger(".file index", 0xffff));
    const Token& name = m_cur.expectKind(TokenKind::String, "a file name", ".file");
    while (m_cur.accept(','))
        m_cur.expectInteger(".file timestamp/size");
    if (index == 0)
        m_cur.fail(at, ".file index must be at least 1");
    if (m_module.files.size() <= index)
        m_module.files.resize(index + 1);
    m_module.files[index] = std::string(name.text);
}

// PTX ISA 8.5 §11.5.3 ".section": DWARF data nvcc emits with -lineinfo; the model does not need it.
void ModuleParser::skipSection()
{
    m_cur.expectKind(TokenKind::DotName, "a section name", ".section");
    m_cur.expect('{', ".section");
    int depth = 1;
    while (depth > 0) {
        const Token& t = m_cur.take();
        if (t.kind == TokenKind::End)
            m_cur.fail(t, "unexpected end of file inside .section (missing '}')");
        if (t.is('{') && ++depth > kMaxSectionDepth)
            m_cur.fail(t, ".section nested deeper than " + std::to_string(kMaxSectionDepth) + " levels");
        if (t.is('}'))
            --depth;
    }
}

} // namespace engine::ptx

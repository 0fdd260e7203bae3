#include "engine/ptx/variable_parser.h"

#include <bit>
#include <cstring>

namespace engine::ptx {

namespace {

constexpr std::uint64_t kMaxVariableBytes = std::uint64_t {1} << 32;
constexpr int kMaxInitializerDepth = 16;

std::uint64_t elementBytes(const VarAttrs& a)
{
    return std::uint64_t {typeSizeBytes(a.type)} * a.vectorWidth;
}

struct InitState {
    const VarAttrs& attrs;
    std::vector<std::uint8_t>& bytes;
    const InitSymbols& symbols;
    std::vector<AddressInit>& addresses;
};

// PTX ISA 8.5 §5.4.4: `sym`, `sym+off`, `generic(sym)[+off]` in a .u32/.u64/.b32/.b64 initializer.
void appendAddress(TokenCursor& cur, InitState& st, const Token& first)
{
    AddressInit a;
    const Token* name = &first;
    if (first.text == "generic" && cur.accept('(')) {
        a.generic = true;
        name = &cur.expectIdentifier("generic( ) initializer");
        cur.expect(')', "generic( ) initializer");
    }
    auto find = [&](const StringMap<std::uint32_t>* map) -> const std::uint32_t* {
        if (!map)
            return nullptr;
        auto it = map->find(name->text);
        return it == map->end() ? nullptr : &it->second;
    };
    const std::uint32_t* index = find(st.symbols.variables);
    if (!index && find(st.symbols.functions))
        cur.fail(*name, "unsupported: the address of function " + std::string(name->text) + " (function pointers)",
            ErrorCode::Unsupported);
    if (!index)
        cur.fail(*name, "undefined name " + std::string(name->text) + " in an initializer");
    a.index = *index;
    if (cur.peek().is('+') || cur.peek().is('-')) {
        bool minus = cur.take().is('-');
        auto off = static_cast<std::int64_t>(cur.expectInteger("initializer offset", std::uint64_t {1} << 62));
        a.addend = minus ? -off : off;
    }
    a.size = typeSizeBytes(st.attrs.type);
    if (isFloatType(st.attrs.type) || (a.size != 4 && a.size != 8))
        cur.fail(first, "an address initializer needs a 32- or 64-bit integer variable");
    a.byteOffset = st.bytes.size();
    st.bytes.insert(st.bytes.end(), a.size, 0);
    st.addresses.push_back(a);
}

// PTX ISA 8.5 §4.5.2: 0f/0d literals give exact bits (kept as written); decimal literals round.
std::uint64_t floatBits(const Token& t, bool toDouble, bool negative)
{
    if (t.isHexFloat && t.isDouble == toDouble)
        return t.value ^ (negative ? (toDouble ? 0x8000000000000000U : 0x80000000U) : 0U);
    double d = t.isHexFloat
        ? (t.isDouble ? std::bit_cast<double>(t.value) : std::bit_cast<float>(static_cast<std::uint32_t>(t.value)))
        : t.real;
    d = negative ? -d : d;
    if (toDouble)
        return std::bit_cast<std::uint64_t>(d);
    return std::bit_cast<std::uint32_t>(static_cast<float>(d));
}

void appendScalar(TokenCursor& cur, InitState& st, bool negative)
{
    const Token& t = cur.take();
    std::uint64_t bits = 0;
    ScalarType type = st.attrs.type;
    if (t.kind == TokenKind::Integer) {
        std::int64_t iv = negative ? -static_cast<std::int64_t>(t.value) : static_cast<std::int64_t>(t.value);
        if (type == ScalarType::F32)
            bits = std::bit_cast<std::uint32_t>(static_cast<float>(iv));
        else if (type == ScalarType::F64)
            bits = std::bit_cast<std::uint64_t>(static_cast<double>(iv));
        else
            bits = static_cast<std::uint64_t>(iv);
    } else if (t.kind == TokenKind::Float && (type == ScalarType::F32 || type == ScalarType::F64)) {
        bits = floatBits(t, type == ScalarType::F64, negative);
    } else if (t.kind == TokenKind::Identifier && !negative) {
        appendAddress(cur, st, t);
        return;
    } else {
        cur.fail(t, "expected a constant in the initializer, found '" + std::string(t.text) + "'");
    }
    std::uint32_t size = typeSizeBytes(type);
    for (std::uint32_t i = 0; i < size; ++i)
        st.bytes.push_back(static_cast<std::uint8_t>(bits >> (8 * i)));
}

// PTX ISA 8.5 §5.4.4 "Initializers": a constant, or a brace list that may nest per array dimension.
void parseInitList(TokenCursor& cur, InitState& st, int depth)
{
    if (depth > kMaxInitializerDepth)
        cur.fail(cur.peek(), "initializer nested deeper than " + std::to_string(kMaxInitializerDepth) + " levels");
    if (cur.accept('{')) {
        if (cur.accept('}'))
            return;
        do {
            parseInitList(cur, st, depth + 1);
        } while (cur.accept(','));
        cur.expect('}', "initializer");
        return;
    }
    bool negative = cur.accept('-');
    appendScalar(cur, st, negative);
}

std::uint64_t parseArrayDims(TokenCursor& cur, const VarAttrs& attrs, bool& unsized)
{
    std::uint64_t count = 1;
    while (cur.accept('[')) {
        if (cur.peek().is(']')) {
            unsized = true;
            cur.take();
            continue;
        }
        const Token& at = cur.peek();
        std::uint64_t n = cur.expectInteger("array size", kMaxVariableBytes);
        cur.expect(']', "array size");
        count *= n;
        if (count * elementBytes(attrs) > kMaxVariableBytes)
            cur.fail(at, "array larger than 4 GiB", ErrorCode::Unsupported);
    }
    return count;
}

} // namespace

namespace {

void applyVarAttr(TokenCursor& cur, VarAttrs& a, const Token& t)
{
    std::string_view word = t.text.substr(1);
    if (word == "align") {
        const Token& at = cur.peek();
        std::uint64_t n = cur.expectInteger(".align", 1U << 16);
        if (n == 0 || !std::has_single_bit(n))
            cur.fail(at, ".align must be a power of two"); // PTX ISA 8.5 §5.4.5
        a.align = static_cast<std::uint32_t>(n);
    } else if (word == "ptr") {
        a.isPointer = true; // §5.1.6.1 kernel parameter attribute; its .space/.align follow
    } else if (word == "v2" || word == "v4" || word == "v8") {
        a.vectorWidth = static_cast<std::uint32_t>(word[1] - '0');
    } else if (auto type = parseScalarType(word)) {
        a.type = *type;
    } else if (!(a.isPointer && parseStateSpace(word))) {
        cur.fail(t, "unsupported: " + std::string(t.text) + " in a variable declaration", ErrorCode::Unsupported);
    }
}

} // namespace

VarAttrs parseVarAttrs(TokenCursor& cur, StateSpace space, bool isExtern)
{
    VarAttrs a;
    a.space = space;
    a.isExtern = isExtern;
    while (cur.peek().kind == TokenKind::DotName) {
        std::string_view word = cur.peek().text.substr(1);
        // After the type only the §5.1.6.1 pointer attributes may follow: .ptr [.space] [.align N].
        bool attribute = word == "align" || word == "ptr" || (a.isPointer && parseStateSpace(word));
        if (a.type != ScalarType::None && !attribute)
            break;
        applyVarAttr(cur, a, cur.take());
    }
    if (a.type == ScalarType::None)
        cur.failExpected("a type", "variable declaration");
    return a;
}

Variable parseDeclarator(TokenCursor& cur, const VarAttrs& attrs, bool allowInit, const InitSymbols& symbols)
{
    Variable v;
    const Token& nameTok = cur.expectIdentifier("variable declaration");
    v.name = std::string(nameTok.text);
    v.space = attrs.space;
    v.type = attrs.type;
    v.isExtern = attrs.isExtern;
    v.isPointer = attrs.isPointer;
    std::uint64_t elem = elementBytes(attrs);
    v.align = attrs.align ? attrs.align : static_cast<std::uint32_t>(elem);
    bool unsized = false;
    std::uint64_t count = parseArrayDims(cur, attrs, unsized);
    v.sizeBytes = unsized ? 0 : count * elem;
    if (cur.peek().is('=')) {
        if (!allowInit)
            cur.fail(cur.peek(),
                "an initializer is not allowed on a " + std::string(stateSpaceName(attrs.space)) + " variable");
        cur.take();
        InitState st {attrs, v.init, symbols, v.addressInits};
        parseInitList(cur, st, 0);
        if (unsized)
            v.sizeBytes = v.init.size();
        else if (v.init.size() > v.sizeBytes)
            cur.fail(nameTok, "initializer of '" + v.name + "' has more elements than the variable");
    }
    return v;
}

} // namespace engine::ptx

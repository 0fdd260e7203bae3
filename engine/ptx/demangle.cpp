#include "engine/ptx/demangle.h"

#include <vector>

namespace engine::ptx {

namespace {

constexpr int kMaxDepth = 128;

std::string_view builtinType(char c)
{
    // Itanium C++ ABI §5.1.5.1 <builtin-type>.
    switch (c) {
    case 'v':
        return "void";
    case 'b':
        return "bool";
    case 'c':
        return "char";
    case 'a':
        return "signed char";
    case 'h':
        return "unsigned char";
    case 's':
        return "short";
    case 't':
        return "unsigned short";
    case 'i':
        return "int";
    case 'j':
        return "unsigned int";
    case 'l':
        return "long";
    case 'm':
        return "unsigned long";
    case 'x':
        return "long long";
    case 'y':
        return "unsigned long long";
    case 'n':
        return "__int128";
    case 'o':
        return "unsigned __int128";
    case 'f':
        return "float";
    case 'd':
        return "double";
    case 'e':
        return "long double";
    case 'w':
        return "wchar_t";
    case 'z':
        return "...";
    default:
        return {};
    }
}

/// "a, b, c" (written without `const char* + std::string`, which trips GCC 12's -Wrestrict at -O3).
std::string join(const std::vector<std::string>& items)
{
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (i > 0)
            out += ", ";
        out += items[i];
    }
    return out;
}

void appendScoped(std::string& out, const std::string& part)
{
    if (!out.empty())
        out += "::";
    out += part;
}

class Demangler {
public:
    explicit Demangler(std::string_view s)
        : m_s(s)
    { }

    bool encoding(std::string& out, int depth);
    bool atEnd() const { return m_pos == m_s.size(); }

private:
    char peek() const { return m_pos < m_s.size() ? m_s[m_pos] : '\0'; }
    bool eat(char c)
    {
        if (peek() != c)
            return false;
        ++m_pos;
        return true;
    }
    bool number(std::size_t& n);
    bool sourceName(std::string& out);
    bool name(std::string& out, bool& isTemplate, int depth);
    bool nestedName(std::string& out, bool& isTemplate, int depth);
    bool localName(std::string& out, int depth);
    bool templateArgs(std::string& out, int depth);
    bool type(std::string& out, int depth);
    bool qualifiedType(std::string& out, int depth);
    bool substitution(std::string& out);
    bool templateParam(std::string& out);

    std::string_view m_s;
    std::size_t m_pos = 0;
    std::vector<std::string> m_subs;
    std::vector<std::string> m_templateArgs;
};

bool Demangler::number(std::size_t& n)
{
    n = 0;
    std::size_t start = m_pos;
    while (peek() >= '0' && peek() <= '9' && m_pos - start < 6)
        n = n * 10 + static_cast<std::size_t>(m_s[m_pos++] - '0');
    return m_pos > start;
}

bool Demangler::sourceName(std::string& out)
{
    std::size_t len = 0;
    if (!number(len) || len == 0 || len > m_s.size() - m_pos)
        return false;
    out = std::string(m_s.substr(m_pos, len));
    m_pos += len;
    return true;
}

// <encoding> ::= <name> <bare-function-type>; a template function also encodes its return type.
bool Demangler::encoding(std::string& out, int depth)
{
    bool isTemplate = false;
    if (depth > kMaxDepth || !name(out, isTemplate, depth + 1))
        return false;
    if (m_pos == m_s.size() || peek() == 'E')
        return true; // a data object, e.g. the entity of a local name
    if (isTemplate) {
        std::string returnType; // printed first, as c++filt does for template functions
        if (!type(returnType, depth + 1))
            return false;
        out = returnType + " " + out;
    }
    std::vector<std::string> params;
    while (m_pos < m_s.size() && peek() != 'E') {
        params.emplace_back();
        if (!type(params.back(), depth + 1))
            return false;
    }
    out += '(';
    if (!(params.size() == 1 && params[0] == "void")) {
        out += join(params);
    }
    out += ')';
    return true;
}

bool Demangler::name(std::string& out, bool& isTemplate, int depth)
{
    if (peek() == 'N')
        return nestedName(out, isTemplate, depth);
    if (peek() == 'Z')
        return localName(out, depth);
    if (!sourceName(out))
        return false;
    if (peek() == 'I') {
        m_subs.push_back(out);
        isTemplate = true;
        std::string args;
        if (!templateArgs(args, depth))
            return false;
        out += args;
    }
    return true;
}

// <nested-name> ::= N [<CV-qualifiers>] <prefix> <unqualified-name> E
bool Demangler::nestedName(std::string& out, bool& isTemplate, int depth)
{
    ++m_pos;
    while (peek() == 'K' || peek() == 'V' || peek() == 'r')
        ++m_pos;
    out.clear();
    while (!eat('E')) {
        std::string part;
        isTemplate = false;
        if (peek() == 'I') {
            if (!templateArgs(part, depth))
                return false;
            out += part;
            isTemplate = true;
        } else if (peek() == 'S') {
            if (!substitution(part))
                return false;
            appendScoped(out, part);
            continue;
        } else if (!sourceName(part)) {
            return false;
        } else {
            appendScoped(out, part);
        }
        if (peek() != 'E')
            m_subs.push_back(out);
    }
    return !out.empty();
}

// <local-name> ::= Z <function encoding> E <entity name>
bool Demangler::localName(std::string& out, int depth)
{
    ++m_pos;
    std::string function;
    if (!encoding(function, depth + 1) || !eat('E'))
        return false;
    std::string entity;
    bool isTemplate = false;
    if (!name(entity, isTemplate, depth + 1))
        return false;
    out = function + "::" + entity;
    return true;
}

bool Demangler::templateArgs(std::string& out, int depth)
{
    ++m_pos; // 'I'
    std::vector<std::string> args;
    while (!eat('E')) {
        std::string arg;
        if (eat('L')) {
            std::string litType;
            if (!type(litType, depth + 1))
                return false;
            bool negative = eat('n');
            std::size_t n = 0;
            if (!number(n) || !eat('E'))
                return false;
            arg = std::to_string(n);
            if (negative)
                arg.insert(arg.begin(), '-');
        } else if (!type(arg, depth + 1)) {
            return false;
        }
        args.push_back(arg);
        if (m_pos >= m_s.size())
            return false;
    }
    out.clear();
    out += '<';
    out += join(args);
    out += '>';
    m_templateArgs = args;
    return true;
}

// <substitution> ::= S_ | S <seq-id> _   (seq-id in base 36, digits then upper-case letters)
bool Demangler::substitution(std::string& out)
{
    ++m_pos;
    if (eat('t')) {
        std::string rest;
        if (!sourceName(rest))
            return false;
        out = "std::" + rest;
        m_subs.push_back(out);
        return true;
    }
    std::size_t index = 0;
    if (!eat('_')) {
        std::size_t seq = 0;
        while (peek() != '_') {
            char c = peek();
            if (c >= '0' && c <= '9')
                seq = seq * 36 + static_cast<std::size_t>(c - '0');
            else if (c >= 'A' && c <= 'Z')
                seq = seq * 36 + static_cast<std::size_t>(c - 'A' + 10);
            else
                return false;
            if (++m_pos >= m_s.size() || seq > 100000)
                return false;
        }
        ++m_pos;
        index = seq + 1;
    }
    if (index >= m_subs.size())
        return false;
    out = m_subs[index];
    return true;
}

// <template-param> ::= T_ | T <number> _
bool Demangler::templateParam(std::string& out)
{
    ++m_pos;
    std::size_t index = 0;
    if (!eat('_')) {
        if (!number(index) || !eat('_'))
            return false;
        ++index;
    }
    if (index >= m_templateArgs.size())
        return false;
    out = m_templateArgs[index];
    m_subs.push_back(out);
    return true;
}

bool Demangler::qualifiedType(std::string& out, int depth)
{
    char q = m_s[m_pos++];
    std::string inner;
    if (!type(inner, depth + 1))
        return false;
    switch (q) {
    case 'P':
        out = inner + "*";
        break;
    case 'R':
        out = inner + "&";
        break;
    case 'O':
        out = inner + "&&";
        break;
    case 'K':
        out = inner + " const";
        break;
    case 'V':
        out = inner + " volatile";
        break;
    default:
        out = inner + " restrict";
        break;
    }
    m_subs.push_back(out);
    return true;
}

bool Demangler::type(std::string& out, int depth)
{
    if (depth > kMaxDepth || m_pos >= m_s.size())
        return false;
    char c = peek();
    if (std::string_view b = builtinType(c); !b.empty()) {
        ++m_pos;
        out = std::string(b);
        return true;
    }
    if (c == 'D' && m_pos + 1 < m_s.size() && m_s[m_pos + 1] == 'h') {
        m_pos += 2;
        out = "__half"; // Itanium ABI: Dh is IEEE 754r half-precision
        return true;
    }
    if (c == 'P' || c == 'R' || c == 'O' || c == 'K' || c == 'V' || c == 'r')
        return qualifiedType(out, depth);
    if (c == 'S')
        return substitution(out);
    if (c == 'T')
        return templateParam(out);
    bool isTemplate = false;
    if (c == 'N' || (c >= '1' && c <= '9')) {
        if (!name(out, isTemplate, depth + 1))
            return false;
        m_subs.push_back(out);
        return true;
    }
    return false;
}

} // namespace

std::optional<std::string> demangle(std::string_view mangled)
{
    if (mangled.size() < 3 || mangled.substr(0, 2) != "_Z")
        return std::nullopt;
    Demangler d(mangled.substr(2));
    std::string out;
    if (!d.encoding(out, 0) || !d.atEnd())
        return std::nullopt;
    return out;
}

std::string demangledOrSame(std::string_view name)
{
    auto d = demangle(name);
    return d ? *d : std::string(name);
}

} // namespace engine::ptx

#include "engine/common/json_document.h"

#include "engine/common/json_reader.h"

#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <vector>

namespace engine {

namespace {

using nlohmann::json;

/// SAX handler that builds the document with nlohmann's own DOM builder while tracking the JSON path
/// of the value being read and the keys each open object already has.
class StrictSax {
public:
    StrictSax(json& result, std::string_view text, std::string fileName)
        : m_builder(result, false)
        , m_text(text)
        , m_fileName(std::move(fileName))
    { }

    const std::optional<Error>& error() const { return m_error; }

    bool null() { return value() && m_builder.null(); }
    bool boolean(bool b) { return value() && m_builder.boolean(b); }
    bool number_integer(json::number_integer_t n) { return value() && m_builder.number_integer(n); }
    bool number_unsigned(json::number_unsigned_t n) { return value() && m_builder.number_unsigned(n); }
    bool number_float(json::number_float_t x, const json::string_t& s)
    {
        return value() && m_builder.number_float(x, s);
    }
    bool string(json::string_t& s) { return value() && m_builder.string(s); }
    bool binary(json::binary_t& b) { return value() && m_builder.binary(b); }

    bool start_object(std::size_t size)
    {
        if (!value())
            return false;
        m_frames.push_back(Frame {true, {}, {}, 0});
        return m_builder.start_object(size);
    }

    bool key(json::string_t& k)
    {
        auto& frame = m_frames.back();
        if (!frame.keys.insert(k).second) {
            m_error = Error {ErrorCode::ParseError, "key \"" + k + "\" appears twice in this object",
                SourceLocation::atJsonPath(m_fileName, path() + '/' + k)};
            return false;
        }
        frame.key = k;
        return m_builder.key(k);
    }

    bool end_object()
    {
        m_frames.pop_back();
        return m_builder.end_object();
    }

    bool start_array(std::size_t size)
    {
        if (!value())
            return false;
        m_frames.push_back(Frame {false, {}, {}, 0});
        return m_builder.start_array(size);
    }

    bool end_array()
    {
        m_frames.pop_back();
        return m_builder.end_array();
    }

    bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& ex)
    {
        std::string message = ex.what();
        if (const auto pos = message.find("] "); pos != std::string::npos)
            message = message.substr(pos + 2);
        // position counts the characters read, the offending token included; point at its first one.
        const auto end = position > 0 ? position - 1 : 0;
        const auto offset = ex.id == 406 && token.size() <= position ? position - token.size() : end;
        if (ex.id == 406)
            message = "number " + token + " is out of the range of a double";
        m_error
            = Error {ErrorCode::ParseError, "malformed JSON: " + message, locationOfOffset(m_text, offset, m_fileName)};
        return false;
    }

private:
    struct Frame {
        bool object;
        std::set<std::string, std::less<>> keys;
        std::string key;
        std::size_t index;
    };

    /// Called before each value: advances the enclosing array's index.
    bool value()
    {
        if (!m_frames.empty() && !m_frames.back().object)
            m_frames.back().key = std::to_string(m_frames.back().index++);
        return true;
    }

    std::string path() const
    {
        std::string out;
        for (const auto& frame : m_frames)
            out += '/' + frame.key;
        // The innermost frame is the object whose key is being added: its own key is not yet part of the path.
        if (!m_frames.empty())
            out.resize(out.size() - m_frames.back().key.size() - 1);
        return out;
    }

    nlohmann::detail::json_sax_dom_parser<json> m_builder;
    std::string_view m_text;
    std::string m_fileName;
    std::vector<Frame> m_frames;
    std::optional<Error> m_error;
};

} // namespace

Result<json> parseJsonDocument(std::string_view text, const std::string& fileName)
{
    json document;
    StrictSax sax(document, text, fileName);
    const bool ok = json::sax_parse(text, &sax);
    if (sax.error())
        return *sax.error();
    if (!ok)
        return Error {ErrorCode::ParseError, "malformed JSON", SourceLocation::inFile(fileName)};
    return document;
}

} // namespace engine

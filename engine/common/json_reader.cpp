#include "engine/common/json_reader.h"

#include <nlohmann/json.hpp>

namespace engine {

namespace {

std::string dotted(const std::string& jsonPath)
{
    // "/limits/max_warps_per_sm" -> "limits.max_warps_per_sm"
    std::string out = jsonPath.empty() ? jsonPath : jsonPath.substr(1);
    for (char& c : out)
        if (c == '/')
            c = '.';
    return out;
}

const char* typeName(const nlohmann::json& json)
{
    return json.type_name();
}

} // namespace

JsonObject::JsonObject(const nlohmann::json& json, std::string path, std::set<std::string>* visited)
    : m_json(json)
    , m_path(std::move(path))
    , m_visited(visited)
{
    if (!m_json.is_object())
        throw JsonPathError(m_path.empty() ? "/" : m_path,
            std::string("expected an object, found ") + typeName(m_json));
}

bool JsonObject::has(std::string_view key) const
{
    return m_json.contains(key);
}

std::string JsonObject::pathOf(std::string_view key) const
{
    return m_path + '/' + std::string(key);
}

const nlohmann::json& JsonObject::get(std::string_view key)
{
    auto it = m_json.find(key);
    if (it == m_json.end())
        throw JsonPathError(pathOf(key), "required key is missing");
    m_consumed.emplace(key);
    return *it;
}

void JsonObject::markLeaf(std::string_view key)
{
    if (m_visited)
        m_visited->insert(dotted(pathOf(key)));
}

std::int64_t JsonObject::integer(std::string_view key, std::int64_t min, std::int64_t max)
{
    const auto& value = get(key);
    if (!value.is_number_integer())
        throw JsonPathError(pathOf(key), std::string("expected an integer, found ") + typeName(value));
    const auto n = value.get<std::int64_t>();
    if (n < min || n > max)
        throw JsonPathError(pathOf(key),
            "value " + std::to_string(n) + " is outside " + std::to_string(min) + ".." + std::to_string(max));
    markLeaf(key);
    return n;
}

std::int64_t JsonObject::integer(std::string_view key, std::int64_t min, std::int64_t max, std::int64_t fallback)
{
    return has(key) ? integer(key, min, max) : fallback;
}

double JsonObject::number(std::string_view key, double min, double max)
{
    const auto& value = get(key);
    if (!value.is_number())
        throw JsonPathError(pathOf(key), std::string("expected a number, found ") + typeName(value));
    const auto x = value.get<double>();
    if (!(x >= min && x <= max))
        throw JsonPathError(pathOf(key),
            "value " + value.dump() + " is outside " + nlohmann::json(min).dump() + ".." + nlohmann::json(max).dump());
    markLeaf(key);
    return x;
}

double JsonObject::number(std::string_view key, double min, double max, double fallback)
{
    return has(key) ? number(key, min, max) : fallback;
}

bool JsonObject::boolean(std::string_view key)
{
    const auto& value = get(key);
    if (!value.is_boolean())
        throw JsonPathError(pathOf(key), std::string("expected true or false, found ") + typeName(value));
    markLeaf(key);
    return value.get<bool>();
}

bool JsonObject::boolean(std::string_view key, bool fallback)
{
    return has(key) ? boolean(key) : fallback;
}

std::string JsonObject::string(std::string_view key)
{
    const auto& value = get(key);
    if (!value.is_string())
        throw JsonPathError(pathOf(key), std::string("expected a string, found ") + typeName(value));
    markLeaf(key);
    return value.get<std::string>();
}

std::string JsonObject::string(std::string_view key, std::string fallback)
{
    return has(key) ? string(key) : fallback;
}

JsonObject JsonObject::object(std::string_view key)
{
    return JsonObject(get(key), pathOf(key), m_visited);
}

const nlohmann::json& JsonObject::raw(std::string_view key)
{
    markLeaf(key);
    return get(key);
}

void JsonObject::finish() const
{
    for (const auto& item : m_json.items()) {
        if (!m_consumed.contains(item.key()))
            throw JsonPathError(pathOf(item.key()), "unknown key");
    }
}

SourceLocation locationOfOffset(std::string_view text, std::size_t offset, std::string file)
{
    SourceLocation location;
    location.file = std::move(file);
    location.line = 1;
    location.column = 1;
    const auto end = std::min(offset, text.size());
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++location.line;
            location.column = 1;
        } else {
            ++location.column;
        }
    }
    return location;
}

} // namespace engine

#pragma once

#include "engine/common/error.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>

namespace engine {

/// Thrown inside strict JSON readers; callers turn it into an Error that names the JSON path.
struct JsonPathError : std::runtime_error {
    JsonPathError(std::string p, const std::string& message)
        : std::runtime_error(message)
        , path(std::move(p))
    {
    }
    std::string path;
};

/// Strict reader over one JSON object: typed getters that know their JSON path, and finish() that
/// rejects keys nobody asked for, so a typo in a file never passes silently.
class JsonObject {
public:
    /// `visited` (optional) collects the dotted paths of every leaf read, for cross-checks.
    JsonObject(const nlohmann::json& json, std::string path, std::set<std::string>* visited = nullptr);

    bool has(std::string_view key) const;
    std::int64_t integer(std::string_view key, std::int64_t min, std::int64_t max);
    std::int64_t integer(std::string_view key, std::int64_t min, std::int64_t max, std::int64_t fallback);
    double number(std::string_view key, double min, double max);
    double number(std::string_view key, double min, double max, double fallback);
    bool boolean(std::string_view key, bool fallback);
    bool boolean(std::string_view key);
    std::string string(std::string_view key);
    std::string string(std::string_view key, std::string fallback);
    JsonObject object(std::string_view key);
    const nlohmann::json& raw(std::string_view key);
    std::string pathOf(std::string_view key) const;
    const std::string& path() const { return m_path; }

    /// Throws JsonPathError for the first key that no getter consumed.
    void finish() const;

private:
    const nlohmann::json& get(std::string_view key);
    void markLeaf(std::string_view key);

    const nlohmann::json& m_json;
    std::string m_path;
    std::set<std::string>* m_visited;
    std::set<std::string, std::less<>> m_consumed;
};

/// Converts a byte offset in `text` into a 1-based line and column.
SourceLocation locationOfOffset(std::string_view text, std::size_t offset, std::string file);

} // namespace engine

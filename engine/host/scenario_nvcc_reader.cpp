#include "engine/host/scenario_nvcc_reader.h"

#include "engine/common/json_reader.h"

#include <nlohmann/json.hpp>

namespace engine {

namespace {

using nlohmann::json;

std::vector<std::string> stringArray(JsonObject& object, std::string_view key)
{
    std::vector<std::string> items;
    if (!object.has(key))
        return items;
    const auto& array = object.raw(key);
    if (!array.is_array())
        throw JsonPathError(
            object.pathOf(key), std::string("expected an array of strings, found ") + array.type_name());
    for (std::size_t i = 0; i < array.size(); ++i) {
        if (!array[i].is_string() || array[i].get<std::string>().empty())
            throw JsonPathError(object.pathOf(key) + '/' + std::to_string(i), "expected a non-empty string");
        items.push_back(array[i].get<std::string>());
    }
    return items;
}

void readDefines(JsonObject& object, ptx::NvccSettings& settings)
{
    if (!object.has("defines"))
        return;
    const auto& defines = object.raw("defines");
    const auto path = object.pathOf("defines");
    if (!defines.is_object())
        throw JsonPathError(path, std::string("expected an object of NAME: VALUE, found ") + defines.type_name());
    for (const auto& item : defines.items()) {
        const auto itemPath = path + '/' + item.key();
        if (ptx::parseDefine(item.key()).first != item.key())
            throw JsonPathError(itemPath, "\"" + item.key() + "\" is not a macro name (letters, digits, _)");
        const auto& value = item.value();
        if (value.is_string())
            settings.defines.emplace_back(item.key(), value.get<std::string>());
        else if (value.is_number())
            settings.defines.emplace_back(item.key(), value.dump());
        else
            throw JsonPathError(itemPath, std::string("expected a string or a number, found ") + value.type_name());
    }
}

} // namespace

ptx::NvccSettings readNvccSettings(const json& value, const std::string& path, const std::filesystem::path& folder)
{
    if (!value.is_object())
        throw JsonPathError(path, std::string("expected an object, found ") + value.type_name());
    JsonObject object(value, path);
    ptx::NvccSettings settings;
    for (const auto& dir : stringArray(object, "include_dirs"))
        settings.includeDirs.push_back((folder / dir).lexically_normal());
    readDefines(object, settings);
    settings.flags = stringArray(object, "flags");
    object.finish();
    return settings;
}

} // namespace engine

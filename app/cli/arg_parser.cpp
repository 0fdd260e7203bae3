#include "app/cli/arg_parser.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace app::cli {

namespace {

const OptionSpec* findSpec(const std::vector<OptionSpec>& specs, const std::string& name)
{
    auto it = std::find_if(specs.begin(), specs.end(), [&](const auto& spec) { return spec.name == name; });
    return it == specs.end() ? nullptr : &*it;
}

/// "-o" → the spec whose short name is 'o'; "--output" for it.
std::string longNameOf(const std::vector<OptionSpec>& specs, const std::string& arg)
{
    auto it = std::find_if(specs.begin(), specs.end(), [&](const auto& spec) { return spec.shortName == arg[1]; });
    if (it == specs.end())
        throw UsageError("unknown option " + arg);
    return "--" + it->name;
}

/// "-Iinclude" -> the value-taking spec whose short name is 'I', compiler style; null otherwise.
const OptionSpec* attachedShortOption(const std::vector<OptionSpec>& specs, const std::string& arg)
{
    if (arg.size() <= 2 || arg[0] != '-' || !std::isalpha(static_cast<unsigned char>(arg[1])))
        return nullptr;
    auto it = std::find_if(specs.begin(), specs.end(), [&](const auto& spec) { return spec.shortName == arg[1]; });
    return it == specs.end() || it->valueName.empty() ? nullptr : &*it;
}

} // namespace

std::optional<long long> parseInteger(const std::string& text)
{
    long long value = 0;
    const auto* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || ptr != end)
        return std::nullopt;
    return value;
}

ParsedArgs ParsedArgs::parse(const std::vector<std::string>& args, const std::vector<OptionSpec>& specs)
{
    ParsedArgs parsed;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (const auto* attached = attachedShortOption(specs, args[i])) {
            auto& slot = parsed.m_values[attached->name];
            if (!slot.empty() && !attached->repeatable)
                throw UsageError("option --" + attached->name + " given more than once");
            slot.push_back(args[i].substr(2));
            continue;
        }
        const bool shortOption
            = args[i].size() == 2 && args[i][0] == '-' && std::isalpha(static_cast<unsigned char>(args[i][1]));
        const auto arg = shortOption ? longNameOf(specs, args[i]) : args[i];
        if (!arg.starts_with("--") || arg == "--") {
            parsed.m_positional.push_back(arg);
            continue;
        }
        auto name = arg.substr(2);
        std::optional<std::string> inlineValue;
        if (const auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name.resize(eq);
        }
        const auto* spec = findSpec(specs, name);
        if (!spec)
            throw UsageError("unknown option --" + name);
        if (spec->valueName.empty()) {
            if (inlineValue)
                throw UsageError("option --" + name + " takes no value");
            parsed.m_flags[name] = true;
            continue;
        }
        if (!inlineValue) {
            if (i + 1 >= args.size())
                throw UsageError("option --" + name + " needs a value (" + spec->valueName + ")");
            inlineValue = args[++i];
        }
        // An empty value (`--device ""`, often an unset shell variable) would otherwise mean the default.
        if (inlineValue->empty())
            throw UsageError("option --" + name + " needs a value (" + spec->valueName + "), not an empty string");
        auto& slot = parsed.m_values[name];
        if (!slot.empty() && !spec->repeatable)
            throw UsageError("option --" + name + " given more than once");
        slot.push_back(*inlineValue);
    }
    return parsed;
}

std::optional<std::string> ParsedArgs::value(const std::string& name) const
{
    auto it = m_values.find(name);
    if (it == m_values.end())
        return std::nullopt;
    return it->second.back();
}

std::vector<std::string> ParsedArgs::values(const std::string& name) const
{
    auto it = m_values.find(name);
    return it == m_values.end() ? std::vector<std::string> {} : it->second;
}

std::string ParsedArgs::required(const std::string& name) const
{
    auto text = value(name);
    if (!text)
        throw UsageError("missing required option --" + name);
    return *text;
}

long long ParsedArgs::integer(
    const std::string& name, long long min, long long max, std::optional<long long> fallback) const
{
    const auto text = value(name);
    if (!text) {
        if (!fallback)
            throw UsageError("missing required option --" + name);
        return *fallback;
    }
    const auto number = parseInteger(*text);
    if (!number)
        throw UsageError("--" + name + ": expected an integer, got '" + *text + "'");
    if (*number < min || *number > max)
        throw UsageError(
            "--" + name + ": " + *text + " is outside " + std::to_string(min) + ".." + std::to_string(max));
    return *number;
}

} // namespace app::cli

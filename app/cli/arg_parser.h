#pragma once

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace app::cli {

/// Bad command-line usage: the message is printed on one line and the program exits with code 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// One option a subcommand accepts.
struct OptionSpec {
    std::string name; ///< without dashes: "device"
    std::string valueName; ///< empty for a flag; "ID" for "--device ID"
    std::string help;
    bool repeatable = false;
    char shortName = 0; ///< 'o' when "-o VALUE" means "--name VALUE"; 0 for none
};

/// The parsed command line of one subcommand. Accepts "--name VALUE", "--name=VALUE", flags, and "-x VALUE"
/// for options with a short name.
class ParsedArgs {
public:
    static ParsedArgs parse(const std::vector<std::string>& args, const std::vector<OptionSpec>& specs);

    bool flag(const std::string& name) const { return m_flags.contains(name); }
    std::optional<std::string> value(const std::string& name) const;
    std::vector<std::string> values(const std::string& name) const;
    const std::vector<std::string>& positional() const { return m_positional; }

    /// The option's value, or a UsageError naming the option when it was not given.
    std::string required(const std::string& name) const;
    /// The option's value as an integer in [min, max]; `fallback` when absent.
    long long integer(const std::string& name, long long min, long long max, std::optional<long long> fallback) const;

private:
    std::map<std::string, std::vector<std::string>> m_values;
    std::map<std::string, bool> m_flags;
    std::vector<std::string> m_positional;
};

/// Parses a whole string as a decimal integer; nullopt on any stray character or overflow.
std::optional<long long> parseInteger(const std::string& text);

} // namespace app::cli

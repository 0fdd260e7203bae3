#include "app/cli/param_overrides.h"

namespace app::cli {

engine::ParamValues parseOverrides(const ParsedArgs& args)
{
    engine::ParamValues overrides;
    for (const auto& text : args.values("set")) {
        const auto eq = text.find('=');
        const auto value = eq == std::string::npos ? std::nullopt : parseInteger(text.substr(eq + 1));
        if (eq == std::string::npos || eq == 0 || !value)
            throw UsageError("--set " + text + ": expected NAME=INTEGER");
        overrides[text.substr(0, eq)] = *value;
    }
    return overrides;
}

} // namespace app::cli

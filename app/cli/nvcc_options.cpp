#include "app/cli/nvcc_options.h"

namespace app::cli {

std::vector<OptionSpec> withNvccOptions(std::vector<OptionSpec> options)
{
    options.insert(options.end(),
        {
            {"include", "DIR", "-I DIR: a folder nvcc searches for #include files (repeatable)", true, 'I'},
            {"define", "NAME=VALUE", "-D NAME=VALUE: a macro for nvcc (repeatable)", true, 'D'},
            {"nvcc-flag", "F", "pass F to nvcc as it is, e.g. --nvcc-flag=-std=c++17 (repeatable)", true},
        });
    return options;
}

engine::ptx::NvccSettings parseNvccOptions(const ParsedArgs& args)
{
    engine::ptx::NvccSettings settings;
    for (const auto& dir : args.values("include"))
        settings.includeDirs.emplace_back(dir);
    for (const auto& text : args.values("define")) {
        auto define = engine::ptx::parseDefine(text);
        if (define.first.empty())
            throw UsageError("-D " + text + ": expected NAME=VALUE with NAME a macro name (letters, digits, _)");
        settings.defines.push_back(std::move(define));
    }
    settings.flags = args.values("nvcc-flag");
    return settings;
}

} // namespace app::cli

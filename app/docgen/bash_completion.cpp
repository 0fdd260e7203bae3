#include "app/docgen/bash_completion.h"

#include <sstream>

namespace app::docgen {

namespace {

constexpr const char* kDeviceIds = "$(warpscope-cli devices 2>/dev/null | awk 'NR > 1 { print $1 }')";

std::string optionWords(const cli::Command& command)
{
    std::string words;
    for (const auto& option : command.options)
        words += "--" + option.name + ' ';
    return words + "--help";
}

/// The `case "$prev"` arms: what follows an option that takes a value.
void writeValueArms(const std::vector<cli::Command>& commands, std::ostream& out)
{
    std::string fileOptions;
    std::string otherOptions;
    const auto add = [](std::string& list, const std::string& word) {
        if (("|" + list + "|").find("|" + word + "|") == std::string::npos)
            list += (list.empty() ? "" : "|") + word;
    };
    for (const auto& command : commands) {
        for (const auto& option : command.options) {
            if (option.valueName.empty() || option.name == "device")
                continue;
            auto& list = option.valueName.find("FILE") != std::string::npos ? fileOptions : otherOptions;
            add(list, "--" + option.name);
            if (option.shortName)
                add(list, std::string("-") + option.shortName);
        }
    }
    out << "        --device) COMPREPLY=($(compgen -W \"" << kDeviceIds << "\" -- \"$cur\")); return ;;\n";
    if (!fileOptions.empty())
        out << "        " << fileOptions << ") _filedir; return ;;\n";
    if (!otherOptions.empty())
        out << "        " << otherOptions << ") return ;;\n";
}

void writeCli(const std::vector<cli::Command>& commands, std::ostream& out)
{
    out << "_warpscope_cli()\n{\n    local cur prev words cword\n    _init_completion || return\n"
        << "    if ((cword == 1)); then\n        COMPREPLY=($(compgen -W \"";
    for (const auto& command : commands)
        out << command.name << ' ';
    out << "--help --version\" -- \"$cur\"))\n        return\n    fi\n    case \"$prev\" in\n";
    writeValueArms(commands, out);
    out << "    esac\n    local options\n    case \"${words[1]}\" in\n";
    for (const auto& command : commands)
        out << "        " << command.name << ") options=\"" << optionWords(command) << "\" ;;\n";
    out << "        *) return ;;\n    esac\n    if [[ $cur == -* ]]; then\n"
        << "        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n    else\n        _filedir\n    fi\n}\n"
        << "complete -F _warpscope_cli warpscope-cli\n";
}

void writeGui(const GuiHelp& help, std::ostream& out)
{
    std::string options;
    std::string fileOptions;
    std::string valueOptions;
    for (const auto& entry : help.options) {
        std::istringstream words(entry.label);
        std::string word;
        std::string longName;
        while (words >> word) {
            if (word.back() == ',')
                word.pop_back();
            if (word.starts_with("--"))
                longName = word;
            if (word.starts_with("-"))
                options += word + ' ';
            else if (word.starts_with("<") && longName != "--device")
                (word.find("FILE") != std::string::npos ? fileOptions : valueOptions) += "|" + longName;
        }
    }
    out << "\n_warpscope()\n{\n    local cur prev words cword\n    _init_completion || return\n"
        << "    case \"$prev\" in\n        --device) COMPREPLY=($(compgen -W \"" << kDeviceIds
        << "\" -- \"$cur\")); return ;;\n";
    if (!fileOptions.empty())
        out << "        " << fileOptions.substr(1) << ") _filedir; return ;;\n";
    if (!valueOptions.empty())
        out << "        " << valueOptions.substr(1) << ") return ;;\n";
    out << "    esac\n    if [[ $cur == -* ]]; then\n        COMPREPLY=($(compgen -W \"" << options
        << "\" -- \"$cur\"))\n    else\n        _filedir '@(json|cu|ptx|wsdb)'\n    fi\n}\ncomplete -F _warpscope "
           "warpscope\n";
}

} // namespace

std::string bashCompletion(const std::vector<cli::Command>& commands, const GuiHelp& guiHelp)
{
    std::ostringstream out;
    out << "# bash completion for warpscope-cli and warpscope, generated from their --help at build time\n\n";
    writeCli(commands, out);
    writeGui(guiHelp, out);
    return out.str();
}

} // namespace app::docgen

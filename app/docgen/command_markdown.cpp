#include "app/docgen/command_markdown.h"

#include "app/cli/cli_main.h"
#include "app/cli/command_examples.h"
#include "app/docgen/cli_man_page.h"

#include <sstream>

namespace app::docgen {

namespace {

/// A table cell: '|' would end the cell.
std::string cell(const std::string& text)
{
    std::string out;
    for (const char c : text)
        out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

std::string capitalized(std::string text)
{
    if (!text.empty() && text.front() >= 'a' && text.front() <= 'z')
        text.front() = static_cast<char>(text.front() - 'a' + 'A');
    return text;
}

} // namespace

std::string commandMarkdown(const cli::Command& command)
{
    std::ostringstream out;
    out << "# warpscope-cli " << command.name << "\n\n"
        << capitalized(command.summary) << ".\n\n"
        << "    warpscope-cli " << command.usage << "\n\n| option | meaning |\n|---|---|\n";
    for (const auto& option : command.options)
        out << "| `" << cell(optionLabel(option)) << "` | " << cell(option.help) << " |\n";
    out << "| `--help` | show this help |\n";
    const auto& examples = cli::commandExamples(command.name);
    if (!examples.empty()) {
        out << "\n## Examples\n\n";
        for (const auto& example : examples)
            out << "    warpscope-cli " << example << '\n';
    }
    out << "\nExit status:";
    for (const auto& code : cli::exitCodeDocs())
        out << ' ' << code.code << " " << code.meaning << (&code == &cli::exitCodeDocs().back() ? "." : ";");
    out << "\n\nThis page is generated from the program's own `warpscope-cli " << command.name
        << " --help`. See also [the command line](cli.md) and [all commands](cli-commands.md).\n";
    return out.str();
}

std::string commandIndexMarkdown(const std::vector<cli::Command>& commands)
{
    std::ostringstream out;
    out << "# warpscope-cli commands\n\nOne page per command, generated from the program's own `--help`; "
           "[the command line](cli.md) says what they have in common.\n\n| command | what it does |\n|---|---|\n";
    for (const auto& command : commands)
        out << "| [" << command.name << "](cli-" << command.name << ".md) | " << cell(command.summary) << " |\n";
    return out.str();
}

} // namespace app::docgen

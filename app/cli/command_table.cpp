#include "app/cli/command_list.h"

#include "app/cli/command_examples.h"

#include <ostream>

namespace app::cli {

const std::vector<Command>& commandTable()
{
    static const std::vector<Command> commands = {
        devicesCommand(),
        occupancyCommand(),
        ptxCommand(),
        runCommand(),
#ifdef WARPSCOPE_CLI_HAS_STORE
        runsCommand(),
        traceCommand(),
        compareCommand(),
        reportCommand(),
        rooflineCommand(),
#endif
        sweepCommand(),
    };
    return commands;
}

void printCommandHelp(const Command& command, std::ostream& out)
{
    out << "usage: warpscope-cli " << command.usage << "\n\n" << command.summary << "\n\noptions:\n";
    for (const auto& option : command.options) {
        std::string left = std::string(option.shortName ? std::string("  -") + option.shortName + ", --" : "  --")
            + option.name + (option.valueName.empty() ? "" : " " + option.valueName);
        left.resize(std::max<std::size_t>(left.size() + 2, 26), ' ');
        out << left << option.help << '\n';
    }
    out << "  --help                  show this help\n";
    const auto& examples = commandExamples(command.name);
    if (!examples.empty()) {
        out << "\nexamples:\n";
        for (const auto& example : examples)
            out << "  warpscope-cli " << example << '\n';
    }
}

} // namespace app::cli

#include "app/cli/cli_main.h"

#include <algorithm>
#include <exception>
#include <ostream>

namespace app::cli {

namespace {

constexpr const char* kVersion = "0.1.0";

int runCommand(const Command& command, const std::vector<std::string>& rest, CommandIo& io)
{
    if (std::find(rest.begin(), rest.end(), "--help") != rest.end()) {
        printCommandHelp(command, io.out);
        return ExitOk;
    }
    try {
        return command.run(ParsedArgs::parse(rest, command.options), io);
    } catch (const UsageError& error) {
        io.err << "warpscope-cli " << command.name << ": " << error.what() << '\n';
        return ExitBadInput;
    }
}

} // namespace

const char* const kCliDescription = "warpscope's command line: the same device model as the GUI, without a window.";

const std::vector<ExitCodeDoc>& exitCodeDocs()
{
    static const std::vector<ExitCodeDoc> codes = {
        {ExitOk, "success"},
        {ExitBadInput, "bad usage or bad input"},
        {ExitInternalFailure, "internal failure"},
    };
    return codes;
}

void printTopHelp(std::ostream& out)
{
    out << "usage: warpscope-cli COMMAND [OPTIONS]\n\n" << kCliDescription << "\n\ncommands:\n";
    for (const auto& command : commandTable()) {
        std::string name = "  " + command.name;
        name.resize(std::max<std::size_t>(name.size() + 2, 14), ' ');
        out << name << command.summary << '\n';
    }
    out << "\nRun `warpscope-cli COMMAND --help` for a command's options.\nExit codes:";
    const auto& codes = exitCodeDocs();
    for (std::size_t i = 0; i < codes.size(); ++i)
        out << (i == 0 ? " " : ", ") << codes[i].code << ' ' << codes[i].meaning;
    out << ".\n";
}

int runCli(const std::vector<std::string>& args, CommandIo& io)
{
    try {
        if (args.empty() || args.front() == "--help" || args.front() == "-h") {
            printTopHelp(args.empty() ? io.err : io.out);
            return args.empty() ? ExitBadInput : ExitOk;
        }
        if (args.front() == "--version") {
            io.out << "warpscope-cli " << kVersion << '\n';
            return ExitOk;
        }
        const auto& commands = commandTable();
        auto it = std::find_if(commands.begin(), commands.end(), [&](const auto& c) { return c.name == args.front(); });
        if (it == commands.end()) {
            io.err << "warpscope-cli: unknown command '" << args.front() << "' (see warpscope-cli --help)\n";
            return ExitBadInput;
        }
        return runCommand(*it, {args.begin() + 1, args.end()}, io);
    } catch (const std::exception& error) {
        io.err << "warpscope-cli: internal error: " << error.what() << '\n';
        return ExitInternalFailure;
    }
}

} // namespace app::cli

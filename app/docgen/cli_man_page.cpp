#include "app/docgen/cli_man_page.h"

#include "app/cli/cli_main.h"
#include "app/cli/command_examples.h"
#include "app/docgen/roff.h"

#include <sstream>

namespace app::docgen {

namespace {

void writeCommand(const cli::Command& command, std::ostream& out)
{
    out << ".SS " << roffEscape(command.name) << "\n.nf\n\\fBwarpscope\\-cli\\fR " << roffEscape(command.usage)
        << "\n.fi\n.PP\n"
        << roffEscape(command.summary) << ".\n";
    for (const auto& option : command.options)
        out << ".TP\n.B " << roffEscape(optionLabel(option)) << '\n' << roffEscape(option.help) << '\n';
    out << ".TP\n.B \\-\\-help\nshow this help\n";
    const auto& examples = cli::commandExamples(command.name);
    if (examples.empty())
        return;
    out << ".PP\nExamples:\n.RS\n.nf\n";
    for (const auto& example : examples)
        out << "warpscope\\-cli " << roffEscape(example) << '\n';
    out << ".fi\n.RE\n";
}

void writeHeader(const InstallLayout& layout, std::ostream& out)
{
    out << roffTitle("WARPSCOPE-CLI", layout.version) << ".SH NAME\n"
        << "warpscope\\-cli \\- run CUDA kernels on a modeled GPU and report what every warp did\n"
        << ".SH SYNOPSIS\n.B warpscope\\-cli\n.I COMMAND\n[\\fIOPTIONS\\fR]\n.br\n"
        << ".B warpscope\\-cli\n\\fICOMMAND\\fR \\-\\-help\n.br\n.B warpscope\\-cli\n\\-\\-help | \\-\\-version\n"
        << ".SH DESCRIPTION\n"
        << roffEscape(cli::kCliDescription) << '\n'
        << ".PP\nEach command below lists the options its \\fB\\-\\-help\\fR prints. \\fB\\-\\-json\\fR prints one "
           "JSON document on standard output; errors are one line on standard error naming the file and line "
           "or JSON path where there is one.\n";
}

void writeFooter(const InstallLayout& layout, std::ostream& out)
{
    out << ".SH EXIT STATUS\n";
    for (const auto& code : cli::exitCodeDocs())
        out << ".TP\n.B " << code.code << '\n' << roffEscape(code.meaning) << '\n';
    out << ".SH ENVIRONMENT\n"
        << ".TP\n.B WARPSCOPE_NVCC\nthe nvcc to compile .cu files with; otherwise PATH, then $CUDA_PATH/bin, "
           "then /usr/local/cuda/bin are searched. nvcc is optional: the bundled kernels ship their PTX.\n"
        << ".TP\n.B XDG_CONFIG_HOME\nuser device profiles are read from "
           "$XDG_CONFIG_HOME/warpscope/devices (default ~/.config/warpscope/devices)\n"
        << ".SH FILES\n.TP\n.I " << roffEscape(layout.resourceDir + "/scenarios") << '\n'
        << "the bundled scenarios named in the examples (offset_copy.json, stride_copy.json, matrix/, streams/, "
           "corpus/)\n.TP\n.I "
        << roffEscape(layout.resourceDir + "/kernels") << '\n'
        << "the bundled CUDA kernels and the PTX nvcc made of them\n.TP\n.I "
        << roffEscape(layout.resourceDir + "/devices")
        << "\nthe built-in device profiles (compiled into the program; these copies document the format)\n"
        << ".TP\n.I " << roffEscape(layout.guideDir + "/index.html") << "\nthe user guide\n"
        << ".SH SEE ALSO\n.BR warpscope (1)\n";
}

} // namespace

std::string optionLabel(const cli::OptionSpec& option)
{
    std::string label = option.shortName ? std::string("-") + option.shortName + ", --" : "--";
    label += option.name;
    if (!option.valueName.empty())
        label += " " + option.valueName;
    return label;
}

std::string cliManPage(const std::vector<cli::Command>& commands, const InstallLayout& layout)
{
    std::ostringstream out;
    writeHeader(layout, out);
    out << ".SH COMMANDS\n";
    for (const auto& command : commands)
        writeCommand(command, out);
    writeFooter(layout, out);
    return out.str();
}

} // namespace app::docgen

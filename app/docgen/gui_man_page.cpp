#include "app/docgen/gui_man_page.h"

#include "app/docgen/roff.h"

#include <sstream>

namespace app::docgen {

namespace {

std::string trimmed(const std::string& text)
{
    const auto first = text.find_first_not_of(' ');
    const auto last = text.find_last_not_of(' ');
    return first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
}

/// "  --device <ID>        Show device ID first" -> { "--device <ID>", "Show device ID first" }; a line that
/// starts with spaces only continues the entry before it.
void addEntryLine(const std::string& line, std::vector<HelpEntry>& entries)
{
    const auto text = trimmed(line);
    const bool continuation = line.size() > 2 && line[2] == ' ';
    if (continuation && !entries.empty()) {
        entries.back().description += " " + text;
        return;
    }
    const auto gap = text.find("  ");
    if (gap == std::string::npos)
        entries.push_back({text, {}});
    else
        entries.push_back({text.substr(0, gap), trimmed(text.substr(gap))});
}

/// "--device <ID>" -> "\fB\-\-device\fR \fIID\fR"
std::string formattedLabel(const std::string& label)
{
    std::string out;
    std::istringstream words(label);
    std::string word;
    while (words >> word) {
        if (!out.empty())
            out += ' ';
        const bool comma = word.back() == ',';
        if (comma)
            word.pop_back();
        if (word.size() > 2 && word.front() == '<' && word.back() == '>')
            out += "\\fI" + roffEscape(word.substr(1, word.size() - 2)) + "\\fR";
        else
            out += "\\fB" + roffEscape(word) + "\\fR";
        if (comma)
            out += ',';
    }
    return out;
}

/// "A visual profiler for CUDA kernels." -> "a visual profiler for CUDA kernels", as a NAME line reads.
std::string nameLine(std::string description)
{
    if (!description.empty() && description.back() == '.')
        description.pop_back();
    if (!description.empty() && description.front() >= 'A' && description.front() <= 'Z')
        description.front() = static_cast<char>(description.front() - 'A' + 'a');
    return description;
}

void writeEntries(const std::vector<HelpEntry>& entries, std::ostream& out)
{
    for (const auto& entry : entries)
        out << ".TP\n" << formattedLabel(entry.label) << '\n' << roffEscape(entry.description) << '\n';
}

} // namespace

GuiHelp parseGuiHelp(const std::string& helpText)
{
    GuiHelp help;
    std::istringstream lines(helpText);
    std::string line;
    std::vector<HelpEntry>* section = nullptr;
    bool afterUsage = false;
    while (std::getline(lines, line)) {
        if (line.starts_with("Usage:")) {
            afterUsage = true;
        } else if (line == "Options:") {
            section = &help.options;
        } else if (line == "Arguments:") {
            section = &help.arguments;
        } else if (trimmed(line).empty()) {
            section = nullptr;
            afterUsage = false;
        } else if (section) {
            addEntryLine(line, *section);
        } else if (afterUsage) {
            help.description += (help.description.empty() ? "" : " ") + trimmed(line);
        }
    }
    return help;
}

std::string guiManPage(const GuiHelp& help, const InstallLayout& layout)
{
    std::ostringstream out;
    out << roffTitle("WARPSCOPE", layout.version) << ".SH NAME\nwarpscope \\- "
        << roffEscape(nameLine(help.description))
        << "\n.SH SYNOPSIS\n.B warpscope\n[\\fIOPTIONS\\fR] [\\fIFILE\\fR]\n.SH DESCRIPTION\n"
        << "warpscope loads CUDA kernels (PTX, or CUDA C++ compiled by nvcc when it is installed), runs them on "
           "a device model of a GPU generation from the G80 to the H100, and shows occupancy, per\\-warp "
           "timelines, global\\-memory transactions, shared\\-memory bank conflicts, bandwidth and stream "
           "overlap. Without \\fIFILE\\fR it opens the bundled offset\\-copy demo on the first start and the last "
           "session afterwards.\n.SH OPTIONS\n";
    writeEntries(help.options, out);
    out << ".SH ARGUMENTS\n";
    writeEntries(help.arguments, out);
    out << ".SH FILES\n.TP\n.I " << roffEscape(layout.guideDir + "/index.html")
        << "\nthe user guide, also under Help \\(-> User Guide\n.TP\n.I " << roffEscape(layout.resourceDir)
        << "\nbundled scenarios, kernels and device profiles\n.TP\n.I ~/.config/warpscope/devices\n"
           "user device profiles\n.SH SEE ALSO\n.BR warpscope\\-cli (1)\n";
    return out.str();
}

} // namespace app::docgen

#pragma once

#include "app/docgen/cli_man_page.h"

#include <string>
#include <vector>

namespace app::docgen {

/// One entry of a QCommandLineParser help text: "--device <ID>" and its description, re-joined across the
/// lines the parser wrapped it onto.
struct HelpEntry {
    std::string label;
    std::string description;
};

/// `warpscope --help` taken apart: the description line, the options and the positional arguments.
struct GuiHelp {
    std::string description;
    std::vector<HelpEntry> options;
    std::vector<HelpEntry> arguments;
};

/// Parses the text QCommandLineParser prints for --help ("Usage: ...", description, "Options:", "Arguments:").
GuiHelp parseGuiHelp(const std::string& helpText);

/// warpscope(1) built from `warpscope --help`'s own text, so the page and the program cannot disagree.
std::string guiManPage(const GuiHelp& help, const InstallLayout& layout);

} // namespace app::docgen

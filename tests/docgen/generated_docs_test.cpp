// The man pages and completion the build wrote, against what the built programs print for --help now: every
// command, usage line, option, help text and example of `warpscope-cli ... --help` is in warpscope-cli.1, every
// option of `warpscope --help` in warpscope.1, so the pages and the programs cannot drift apart.
#include "app/docgen/gui_man_page.h"

#include <cstdio>
#include <fstream>
#include <gtest/gtest.h>
#include <regex>
#include <sstream>

namespace {

std::string readFile(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string output(const std::string& commandLine)
{
    std::string text;
    if (FILE* pipe = ::popen(commandLine.c_str(), "r")) {
        char buffer[4096];
        for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
            text.append(buffer, n);
        ::pclose(pipe);
    }
    return text;
}

/// The man page as a reader sees it: font changes dropped, escaped hyphens and backslashes plain.
std::string plainRoff(std::string page)
{
    page = std::regex_replace(page, std::regex(R"(\\f[BIR])"), "");
    page = std::regex_replace(page, std::regex(R"(\\&)"), "");
    page = std::regex_replace(page, std::regex(R"(\\-)"), "-");
    return std::regex_replace(page, std::regex(R"(\\e)"), "\\");
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

bool hasLine(const std::string& page, const std::string& line)
{
    return ("\n" + page).find("\n" + line + "\n") != std::string::npos;
}

std::vector<std::string> cliCommands()
{
    std::vector<std::string> names;
    bool inList = false;
    for (const auto& line : lines(output(std::string(WARPSCOPE_CLI_PATH) + " --help"))) {
        if (line == "commands:")
            inList = true;
        else if (inList && line.empty())
            break;
        else if (inList)
            names.push_back(line.substr(2, line.find(' ', 2) - 2));
    }
    return names;
}

TEST(GeneratedDocs, CliManPageHoldsEveryLineOfEachCommandsHelp)
{
    const auto page = plainRoff(readFile(WARPSCOPE_GENERATED_DOCS "/warpscope-cli.1"));
    const auto commands = cliCommands();
    ASSERT_GE(commands.size(), 5U);
    for (const auto& name : commands) {
        SCOPED_TRACE(name);
        EXPECT_TRUE(hasLine(page, ".SS " + name));
        bool inOptions = false;
        for (const auto& line : lines(output(std::string(WARPSCOPE_CLI_PATH) + " " + name + " --help"))) {
            if (line.starts_with("usage: ")) {
                EXPECT_TRUE(hasLine(page, line.substr(7))) << line;
            } else if (line == "options:" || line == "examples:") {
                inOptions = line == "options:";
            } else if (inOptions && line.starts_with("  ")) {
                const auto gap = line.find("  ", 2);
                const auto help = line.substr(line.find_first_not_of(' ', gap));
                EXPECT_TRUE(hasLine(page, ".B " + line.substr(2, gap - 2))) << line;
                EXPECT_TRUE(hasLine(page, help)) << line;
            } else if (line.starts_with("  warpscope-cli ")) {
                EXPECT_TRUE(hasLine(page, line.substr(2))) << line;
            }
        }
    }
}

TEST(GeneratedDocs, GuiManPageHoldsEveryOptionOfWarpscopeHelp)
{
    const auto page = plainRoff(readFile(WARPSCOPE_GENERATED_DOCS "/warpscope.1"));
    const auto help
        = app::docgen::parseGuiHelp(output("QT_QPA_PLATFORM=offscreen " WARPSCOPE_GUI_PATH " --help 2>/dev/null"));
    ASSERT_GE(help.options.size(), 10U);
    for (const auto& option : help.options) {
        const auto label = std::regex_replace(option.label, std::regex("[<>]"), "");
        EXPECT_TRUE(hasLine(page, label)) << option.label;
        EXPECT_TRUE(hasLine(page, option.description)) << option.label;
    }
}

TEST(GeneratedDocs, CompletionKnowsEveryCommandAndIsValidBash)
{
    const auto path = std::string(WARPSCOPE_GENERATED_DOCS "/warpscope.bash-completion");
    const auto script = readFile(path);
    for (const auto& name : cliCommands())
        EXPECT_NE(script.find("        " + name + ") options=\""), std::string::npos) << name;
    EXPECT_EQ(std::system(("bash -n " + path).c_str()), 0);
}

} // namespace

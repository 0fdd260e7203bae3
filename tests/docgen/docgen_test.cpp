// The generators of app/docgen on small, hand-written inputs.
#include "app/docgen/bash_completion.h"
#include "app/docgen/cli_man_page.h"
#include "app/docgen/command_markdown.h"
#include "app/docgen/gui_man_page.h"
#include "app/docgen/roff.h"

#include <gtest/gtest.h>

namespace {

using namespace app;

TEST(Roff, EscapesHyphensBackslashesAndLeadingDots)
{
    EXPECT_EQ(docgen::roffEscape("--db FILE"), "\\-\\-db FILE");
    EXPECT_EQ(docgen::roffEscape("a\\b"), "a\\eb");
    EXPECT_EQ(docgen::roffEscape(".ptx or .cu\n'quoted"), "\\&.ptx or .cu\n\\&'quoted");
}

TEST(GuiHelp, JoinsWrappedDescriptionsAndSplitsSections)
{
    const std::string help = "Usage: /usr/bin/warpscope [options] [FILE]\n"
                             "A visual profiler.\n\n"
                             "Options:\n"
                             "  -h, --help          Displays help on commandline options.\n"
                             "  --device <ID>       Show device ID first (see\n"
                             "                      warpscope-cli devices).\n"
                             "  --bandwidth-percent  Show bandwidth in percent.\n\n"
                             "Arguments:\n"
                             "  FILE                A scenario to open.\n";
    const auto parsed = docgen::parseGuiHelp(help);
    EXPECT_EQ(parsed.description, "A visual profiler.");
    ASSERT_EQ(parsed.options.size(), 3U);
    EXPECT_EQ(parsed.options[0].label, "-h, --help");
    EXPECT_EQ(parsed.options[1].label, "--device <ID>");
    EXPECT_EQ(parsed.options[1].description, "Show device ID first (see warpscope-cli devices).");
    EXPECT_EQ(parsed.options[2].label, "--bandwidth-percent");
    ASSERT_EQ(parsed.arguments.size(), 1U);
    EXPECT_EQ(parsed.arguments[0].label, "FILE");

    const auto page = docgen::guiManPage(parsed, {"1.2.3", "/opt/ws/share/warpscope/resources", "/opt/ws/doc"});
    EXPECT_NE(page.find(".TH WARPSCOPE 1 \"\" \"warpscope 1.2.3\""), std::string::npos);
    EXPECT_NE(page.find("warpscope \\- a visual profiler\n"), std::string::npos);
    EXPECT_NE(page.find("\\fB\\-h\\fR, \\fB\\-\\-help\\fR"), std::string::npos);
    EXPECT_NE(page.find("\\fB\\-\\-device\\fR \\fIID\\fR\nShow device ID first (see warpscope\\-cli devices).\n"),
        std::string::npos);
    EXPECT_NE(page.find("/opt/ws/doc/index.html"), std::string::npos);
}

cli::Command sampleCommand()
{
    return cli::Command {"frob", "frobnicate a file", "frob FILE [-o FILE] [--level N|auto]",
        {{"level", "N", "how hard, or auto", false}, {"output", "FILE", "where to write", false, 'o'},
            {"json", "", "print JSON", false}},
        {}};
}

TEST(CliManPage, ListsEveryCommandWithUsageOptionsAndExitCodes)
{
    const auto page = docgen::cliManPage({sampleCommand()}, {"1.2.3", "/r", "/g"});
    EXPECT_NE(page.find(".SS frob\n.nf\n\\fBwarpscope\\-cli\\fR frob FILE [\\-o FILE] [\\-\\-level N|auto]\n"),
        std::string::npos);
    EXPECT_NE(page.find(".TP\n.B \\-o, \\-\\-output FILE\nwhere to write\n"), std::string::npos);
    EXPECT_NE(page.find(".TP\n.B \\-\\-json\nprint JSON\n"), std::string::npos);
    EXPECT_NE(page.find(".SH EXIT STATUS\n.TP\n.B 0\nsuccess\n.TP\n.B 2\nbad usage or bad input\n"), std::string::npos);
    EXPECT_NE(page.find(".I /r/scenarios\n"), std::string::npos);
}

TEST(CommandMarkdown, EscapesTableCellsAndLinksBack)
{
    const auto page = docgen::commandMarkdown(sampleCommand());
    EXPECT_EQ(page.rfind("# warpscope-cli frob\n\nFrobnicate a file.\n", 0), 0U);
    EXPECT_NE(page.find("| `--level N` | how hard, or auto |"), std::string::npos);
    EXPECT_NE(page.find("| `-o, --output FILE` | where to write |"), std::string::npos);
    const auto index = docgen::commandIndexMarkdown({sampleCommand()});
    EXPECT_NE(index.find("| [frob](cli-frob.md) | frobnicate a file |"), std::string::npos);
}

TEST(BashCompletion, CompletesCommandsOptionsAndFileValues)
{
    docgen::GuiHelp gui;
    gui.options = {{"--device <ID>", ""}, {"--baseline <FILE>", ""}, {"--view <NAME>", ""}, {"-h, --help", ""}};
    const auto script = docgen::bashCompletion({sampleCommand()}, gui);
    EXPECT_NE(script.find("compgen -W \"frob --help --version\""), std::string::npos);
    EXPECT_NE(script.find("frob) options=\"--level --output --json --help\" ;;"), std::string::npos);
    EXPECT_NE(script.find("--output|-o) _filedir; return ;;"), std::string::npos);
    EXPECT_NE(script.find("--level) return ;;"), std::string::npos);
    EXPECT_NE(script.find("--baseline) _filedir; return ;;"), std::string::npos);
    EXPECT_NE(script.find("--view) return ;;"), std::string::npos);
    EXPECT_NE(script.find("complete -F _warpscope warpscope\n"), std::string::npos);
}

} // namespace

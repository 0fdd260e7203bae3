// ptx_coverage: which instructions of a PTX file the engine executes and which it refuses, for
// scripts/ptx_coverage.sh (docs/ptx_coverage.md).
//
//   ptx_coverage FILE.ptx [SCENARIO.json ...]
//
// Prints one JSON object per line for every instruction line of FILE: {"line", "form", "status", "reason"}.
// `form` is the mnemonic with its modifiers as written (`ld.global.nc.v4.f32`). `status` is
//   "refused"  - the parser rejects the line (the line is then blanked and the file parsed again, so every
//                refusal is found, not only the first), or a run stopped on it with an Unsupported fault;
//   "executed" - a warp issued it while one of the scenarios ran (functionally) with FILE as its module;
//   "parsed"   - accepted by the parser, but no scenario reached it.
// Exit status 0 when it ran (whatever it found), 2 on bad usage or an unreadable file.
#include "engine/device/device_catalog.h"
#include "engine/host/kernel_executor.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "engine/ptx/module_loader.h"
#include "engine/ptx/parser.h"
#include "engine/simt/launch_plan.h"

#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

namespace {

std::vector<std::string> splitLines(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    return lines;
}

std::string joinLines(const std::vector<std::string>& lines)
{
    std::string text;
    for (const auto& line : lines)
        text += line + '\n';
    return text;
}

/// The mnemonic and modifiers of a PTX line: its first token after an optional `@%p` / `@!%p` guard.
std::string formOf(const std::string& line)
{
    std::istringstream in(line);
    std::string token;
    in >> token;
    if (!token.empty() && token[0] == '@')
        in >> token;
    while (!token.empty() && (token.back() == ';' || token.back() == ','))
        token.pop_back();
    return token;
}

struct Finding {
    std::string status;
    std::string reason;
};

/// Parses `lines`, blanking each line the parser rejects (recorded in `found`) until the rest parses.
std::optional<engine::ptx::Module> parseAll(
    std::vector<std::string> lines, const std::string& name, std::map<std::uint32_t, Finding>& found)
{
    for (std::size_t attempt = 0; attempt <= lines.size(); ++attempt) {
        auto module = engine::ptx::parsePtx(joinLines(lines), name);
        if (module)
            return std::move(module).value();
        const auto line = module.error().location.line;
        if (line == 0 || line > lines.size()) {
            std::cerr << module.error().toString() << '\n';
            return std::nullopt;
        }
        const bool unsupported = module.error().code == engine::ErrorCode::Unsupported;
        found[line] = {"refused", (unsupported ? "" : "parse error: ") + module.error().message};
        lines[line - 1].clear();
    }
    return std::nullopt;
}

/// The PTX line an Unsupported run fault names ("... in KERNEL [(in function F)] at PC N ..."), or 0.
std::uint32_t faultLine(const engine::ptx::Module& module, const std::string& message)
{
    static const std::regex pattern(R"( in (\S+)(?: \(in function (\S+)\))? at PC (\d+))");
    std::smatch match;
    if (!std::regex_search(message, match, pattern))
        return 0;
    const std::string function = match[2].matched ? match[2].str() : match[1].str();
    const auto pc = std::stoul(match[3].str());
    for (const auto& fn : module.functions) {
        if (engine::simt::kernelDisplayName(fn) == function && pc < fn.instructions.size())
            return fn.instructions[pc].ptxLine;
    }
    return 0;
}

/// Runs `scenario` with `module` in place of the scenario's own; marks the lines warps issued.
void runScenario(const std::string& scenario, const engine::ptx::Module& module, const engine::DeviceCatalog& catalog,
    std::map<std::uint32_t, Finding>& found)
{
    auto prepared = engine::prepareScenario(scenario, "", {}, catalog);
    if (!prepared) {
        std::cerr << prepared.error().toString() << '\n';
        return;
    }
    engine::FunctionalExecutor executor;
    engine::RunOptions options;
    options.collectBuffers = false;
    const auto report = engine::runScenario(prepared->scenario, module, *prepared->profile, executor, options);
    if (!report) {
        const auto& message = report.error().message;
        const auto line = faultLine(module, message);
        const auto from = message.find("unsupported: ");
        if (report.error().code == engine::ErrorCode::Unsupported && line != 0 && from != std::string::npos)
            found[line] = {"refused", message.substr(from, message.find(" in ", from) - from)};
        std::cerr << scenario << ": " << report.error().toString() << '\n';
        return;
    }
    for (const auto& launch : report->launches) {
        const auto& perFunction = launch.outcome.stats.perFunction;
        for (std::size_t f = 0; f < perFunction.size() && f < module.functions.size(); ++f) {
            const auto& counts = perFunction[f].warpExecutions;
            for (std::size_t pc = 0; pc < counts.size(); ++pc) {
                const auto line = module.functions[f].instructions[pc].ptxLine;
                if (counts[pc] > 0 && found[line].status != "refused")
                    found[line] = {"executed", ""};
            }
        }
    }
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::cerr << "usage: ptx_coverage FILE.ptx [SCENARIO.json ...]\n";
        return 2;
    }
    const auto text = engine::ptx::readTextFile(argv[1]);
    if (!text) {
        std::cerr << text.error().toString() << '\n';
        return 2;
    }
    const auto lines = splitLines(*text);
    std::map<std::uint32_t, Finding> found;
    const auto module = parseAll(lines, argv[1], found);
    if (module) {
        for (const auto& fn : module->functions)
            for (const auto& ins : fn.instructions)
                found.try_emplace(ins.ptxLine, Finding {"parsed", ""});
        const auto catalog = engine::DeviceCatalog::load({});
        for (int i = 2; i < argc; ++i)
            runScenario(argv[i], *module, catalog.catalog, found);
    }
    for (const auto& [line, finding] : found) {
        if (line == 0 || line > lines.size())
            continue;
        std::cout << nlohmann::json {{"line", line}, {"form", formOf(lines[line - 1])}, {"status", finding.status},
            {"reason", finding.reason}}
                         .dump()
                  << '\n';
    }
    return 0;
}

#pragma once

#include <map>
#include <string>
#include <vector>

namespace testing_cli {

/// What one run of warpscope-cli produced.
struct CliRun {
    int exitCode = -1;
    std::string out;
    std::string err;
};

/// Runs the real warpscope-cli executable with `args`, and with `env` added to this process's environment.
CliRun runCli(const std::vector<std::string>& args, const std::map<std::string, std::string>& env = {});

} // namespace testing_cli

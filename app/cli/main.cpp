#include "app/cli/cli_main.h"

#include <iostream>

int main(int argc, char** argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    app::cli::CommandIo io { std::cout, std::cerr };
    return app::cli::runCli(args, io);
}

#include "app/cli/cli_main.h"
#include "engine/common/host_heap.h"

#include <iostream>

int main(int argc, char** argv)
{
    engine::configureHostHeap();
    std::vector<std::string> args(argv + 1, argv + argc);
    app::cli::CommandIo io { std::cout, std::cerr };
    return app::cli::runCli(args, io);
}

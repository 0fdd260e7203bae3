// store_crash_writer DB: writes synthetic runs into DB forever, printing "complete RUN_ID" once each is
// committed. crash_test.cpp kills it with SIGKILL in the middle of a run.
#include "model/store/trace_writer.h"
#include "tests/model/store/store_test_support.h"

#include <cstdio>
#include <string>

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: store_crash_writer DB\n");
        return 2;
    }
    model::TraceWriterOptions options;
    options.rowsPerCommit = 20000; // many intermediate commits: the kill lands between or inside them
    auto writer = model::TraceWriter::open(argv[1], options);
    if (!writer) {
        std::fprintf(stderr, "%s\n", writer.error().toString().c_str());
        return 1;
    }
    for (int run = 0;; ++run) {
        store_tests::sendRun(*writer.value(), store_tests::RunShape { 2, 150000, 5000, 4, "crash" + std::to_string(run), {} });
        const auto flushed = writer.value()->flush();
        if (!flushed) {
            std::fprintf(stderr, "%s\n", flushed.error().toString().c_str());
            return 1;
        }
        std::printf("complete %lld\n", static_cast<long long>(*flushed));
        std::fflush(stdout);
    }
}

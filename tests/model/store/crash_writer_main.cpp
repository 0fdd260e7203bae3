// store_crash_writer DB: writes synthetic runs into DB forever, printing "complete RUN_ID" once each is
// committed. store_crash_writer DB sweep: records sweep points forever (model::SweepRecorder), printing
// "point INDEX" once each is committed. crash_test.cpp kills it with SIGKILL in the middle of a run.
#include "model/store/sweep_recorder.h"
#include "model/store/trace_writer.h"
#include "tests/model/store/store_test_support.h"

#include <cstdio>
#include <string>

namespace {

int recordSweepForever(const char* path)
{
    engine::DeviceProfile device;
    device.id = "h100";
    device.name = "H100";
    auto recorder = model::SweepRecorder::open(path, "sweep.json", engine::SweepRange {"offset", 0, 999999, 1}, device,
        1000000);
    if (!recorder) {
        std::fprintf(stderr, "%s\n", recorder.error().toString().c_str());
        return 1;
    }
    for (std::size_t i = 0;; ++i) {
        engine::SweepRun point {"h100", static_cast<std::int64_t>(i), {}};
        point.report.params = {{"offset", static_cast<std::int64_t>(i)}};
        point.report.totalTimeUs = 1.0;
        if (const auto error = recorder.value().add(i, point)) {
            std::fprintf(stderr, "%s\n", error->toString().c_str());
            return 1;
        }
        std::printf("point %zu\n", i);
        std::fflush(stdout);
    }
}

} // namespace

int main(int argc, char** argv)
{
    if (argc == 3 && std::string(argv[2]) == "sweep")
        return recordSweepForever(argv[1]);
    if (argc != 2) {
        std::fprintf(stderr, "usage: store_crash_writer DB [sweep]\n");
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

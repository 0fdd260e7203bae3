#include "tests/cli/synthetic_session.h"

#include "model/store/trace_writer.h"

#include <gtest/gtest.h>

namespace testing_cli {

std::string writeSyntheticSession(const store_tests::TempDir& dir, const std::vector<store_tests::RunShape>& finished,
    const std::vector<store_tests::RunShape>& unfinished)
{
    const auto path = dir.file("session.wsdb").string();
    auto writer = model::TraceWriter::open(path);
    EXPECT_TRUE(writer.ok());
    for (const auto& shape : finished)
        store_tests::sendRun(*writer.value(), shape);
    for (const auto& shape : unfinished)
        store_tests::sendRun(*writer.value(), shape, false);
    EXPECT_TRUE(writer.value()->flush().ok());
    return path;
}

} // namespace testing_cli

// kill -9 in the middle of a run: every earlier run stays intact, the half run never shows, and the file
// opens cleanly (and is cleaned) afterwards. Runs the real store_crash_writer process.
#include "model/store/sqlite_database.h"
#include "model/store/sqlite_statement.h"
#include "model/store/trace_reader.h"
#include "model/store/trace_writer.h"
#include "tests/model/store/store_test_support.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <thread>

extern char** environ;

namespace {

using Clock = std::chrono::steady_clock;

/// Starts the helper with its stdout on a pipe; returns its pid and the pipe's read end as a FILE.
std::pair<pid_t, FILE*> startWriter(const std::string& path, const char* mode = nullptr)
{
    int fds[2];
    EXPECT_EQ(::pipe(fds), 0);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_addclose(&actions, fds[0]);
    std::string program = STORE_CRASH_WRITER_PATH;
    char* argv[] = { program.data(), const_cast<char*>(path.c_str()), const_cast<char*>(mode), nullptr };
    pid_t pid = 0;
    EXPECT_EQ(posix_spawn(&pid, program.c_str(), &actions, nullptr, argv, environ), 0);
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[1]);
    return { pid, ::fdopen(fds[0], "r") };
}

std::int64_t count(const model::SqliteDatabase& db, const std::string& sql)
{
    return db.queryInt(sql.c_str(), "test").value();
}

/// Runs the helper until it reported three complete runs, then kills it halfway into the fourth.
std::vector<std::int64_t> killMidRun(const std::string& path)
{
    auto [pid, out] = startWriter(path);
    EXPECT_NE(out, nullptr);
    std::vector<std::int64_t> completed;
    auto last = Clock::now();
    Clock::duration runTime {};
    long long id = 0;
    while (out && completed.size() < 3 && std::fscanf(out, " complete %lld", &id) == 1) {
        completed.push_back(id);
        runTime = Clock::now() - last;
        last = Clock::now();
    }
    std::this_thread::sleep_for(runTime / 2);
    EXPECT_EQ(::kill(pid, SIGKILL), 0);
    int status = 0;
    EXPECT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    if (out)
        std::fclose(out);
    return completed;
}

void expectRunsIntact(const std::string& path, const std::vector<std::int64_t>& completed)
{
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok()) << reader.error().toString();
    const auto runs = reader->runs();
    ASSERT_TRUE(runs.ok());
    ASSERT_EQ(runs->size(), completed.size());
    for (std::size_t i = 0; i < completed.size(); ++i) {
        EXPECT_EQ((*runs)[i].id, completed[i]);
        const auto launches = reader->launches(completed[i]);
        ASSERT_TRUE(launches.ok());
        ASSERT_EQ(launches->size(), 2u);
        for (const auto& launch : *launches) {
            EXPECT_EQ(launch.intervalCount, 150000u);
            const auto window = reader->timeline(model::TimelineRequest { launch.id, 0, launch.lastCycle, 1000 });
            ASSERT_TRUE(window.ok()) << window.error().toString();
            EXPECT_TRUE(window->aggregated);
        }
    }
}

TEST(StoreCrash, KillNineMidRunKeepsEarlierRunsIntact)
{
    store_tests::TempDir dir("crash");
    const auto path = dir.file("crash.wsdb").string();
    const auto completed = killMidRun(path);
    ASSERT_EQ(completed.size(), 3u) << "the writer stopped early";
    {
        auto raw = model::SqliteDatabase::open(path, model::SqliteDatabase::Mode::ReadOnly);
        ASSERT_TRUE(raw.ok());
        EXPECT_EQ(count(*raw, "SELECT count(*) FROM runs WHERE complete = 0"), 1) << "the kill missed the run";
        EXPECT_EQ(count(*raw, "SELECT count(*) FROM runs WHERE complete = 1"), 3);
    }
    expectRunsIntact(path, completed);
    // The next writer removes the dead writer's half run; every row left belongs to a complete run.
    ASSERT_TRUE(model::TraceWriter::open(path).ok());
    auto raw = model::SqliteDatabase::open(path, model::SqliteDatabase::Mode::ReadOnly);
    EXPECT_EQ(count(*raw, "SELECT count(*) FROM runs WHERE complete = 0"), 0);
    EXPECT_EQ(count(*raw, "SELECT count(*) FROM warp_intervals"), 3 * 2 * 150000);
    EXPECT_EQ(count(*raw, "SELECT count(*) FROM memory_requests"), 3 * 2 * 5000);
    EXPECT_EQ(count(*raw, "SELECT count(*) FROM launches l WHERE NOT EXISTS (SELECT 1 FROM runs r WHERE r.id = l.run_id)"), 0);
    auto integrity = model::SqliteStatement::prepare(*raw, "PRAGMA integrity_check");
    ASSERT_TRUE(integrity.ok());
    ASSERT_EQ(integrity.value().step(), SQLITE_ROW);
    EXPECT_EQ(integrity.value().columnText(0), "ok");
}

TEST(StoreCrash, KillNineMidSweepKeepsEveryFinishedPoint)
{
    store_tests::TempDir dir("crash-sweep");
    const auto path = dir.file("sweep.wsdb").string();
    auto [pid, out] = startWriter(path, "sweep");
    ASSERT_NE(out, nullptr);
    std::size_t index = 0, reported = 0;
    while (reported < 20 && std::fscanf(out, " point %zu", &index) == 1)
        ++reported;
    EXPECT_EQ(::kill(pid, SIGKILL), 0);
    int status = 0;
    EXPECT_EQ(::waitpid(pid, &status, 0), pid);
    std::fclose(out);
    ASSERT_EQ(reported, 20u) << "the writer stopped early";
    // The next writer cleans up dead writers' runs: the sweep is complete so far, so it stays.
    ASSERT_TRUE(model::TraceWriter::open(path).ok());
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok()) << reader.error().toString();
    const auto runs = reader->runs();
    ASSERT_TRUE(runs.ok() && runs->size() == 1u);
    const auto& run = runs->front();
    EXPECT_GE(run.sweepPointCount, 20); // every reported point; one more may have been committed before the kill
    EXPECT_EQ(run.sweepPointsPlanned, 1000000);
    EXPECT_DOUBLE_EQ(run.totalTimeUs, static_cast<double>(run.sweepPointCount)); // 1 µs per point
    const auto points = reader->sweepPoints(run.id);
    ASSERT_TRUE(points.ok());
    EXPECT_EQ(static_cast<std::int64_t>(points->size()), run.sweepPointCount);
}

} // namespace

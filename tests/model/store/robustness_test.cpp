// Files the store must refuse or survive: each gives one clear error naming the file, never a crash or
// a half-written run.
#include "model/store/sqlite_database.h"
#include "model/store/trace_reader.h"
#include "model/store/trace_writer.h"
#include "tests/model/store/store_test_support.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace {

using store_tests::RunShape;
using store_tests::TempDir;
namespace fs = std::filesystem;

void writeRuns(const std::string& path, const RunShape& shape, int count)
{
    auto writer = model::TraceWriter::open(path);
    ASSERT_TRUE(writer.ok()) << writer.error().toString();
    for (int i = 0; i < count; ++i)
        store_tests::sendRun(*writer.value(), shape);
    ASSERT_TRUE(writer.value()->flush().ok());
}

/// Every query a viewer makes; returns the first error, checking that each error names the file.
std::optional<engine::Error> readEverything(const std::string& path)
{
    auto reader = model::TraceReader::open(path);
    if (!reader)
        return reader.error();
    auto runs = reader->runs();
    if (!runs)
        return runs.error();
    for (const auto& run : *runs) {
        auto launches = reader->launches(run.id);
        if (!launches)
            return launches.error();
        for (const auto& launch : *launches) {
            auto window = reader->timeline(model::TimelineRequest { launch.id, 0, launch.lastCycle, 800 });
            if (!window)
                return window.error();
            auto raw = reader->timeline(model::TimelineRequest { launch.id, launch.lastCycle / 2, launch.lastCycle / 2 + 50, 800 });
            if (!raw)
                return raw.error();
        }
    }
    return std::nullopt;
}

TEST(StoreRobustness, TextFileIsNotADatabase)
{
    TempDir dir("text");
    const auto path = dir.file("notes.wsdb").string();
    std::ofstream(path) << "these are my notes, not a database\n" << std::string(4096, 'x');
    const auto expected = path + ": cannot read the database: not a warpscope database (the file is not SQLite)";
    const auto reader = model::TraceReader::open(path);
    ASSERT_FALSE(reader.ok());
    EXPECT_EQ(reader.error().toString(), expected);
    const auto writer = model::TraceWriter::open(path);
    ASSERT_FALSE(writer.ok());
    EXPECT_EQ(writer.error().toString(), expected);
}

TEST(StoreRobustness, OtherProgramsSqliteFileIsLeftAlone)
{
    TempDir dir("foreign");
    const auto path = dir.file("other.db").string();
    {
        auto db = model::SqliteDatabase::open(path, model::SqliteDatabase::Mode::ReadWriteCreate);
        ASSERT_FALSE(db.value().exec("CREATE TABLE bookmarks (url TEXT)", "test"));
    }
    const auto expected = path + ": not a warpscope database (an SQLite file of another program)";
    EXPECT_EQ(model::TraceWriter::open(path).error().toString(), expected);
    EXPECT_EQ(model::TraceReader::open(path).error().toString(), expected);
    auto db = model::SqliteDatabase::open(path, model::SqliteDatabase::Mode::ReadOnly);
    EXPECT_EQ(db.value().queryInt("SELECT count(*) FROM sqlite_master", "test").value(), 1);
}

TEST(StoreRobustness, MissingAndEmptyFilesForReading)
{
    TempDir dir("missing");
    const auto missing = dir.file("nope.wsdb").string();
    const auto error = model::TraceReader::open(missing);
    ASSERT_FALSE(error.ok());
    EXPECT_EQ(error.error().toString().rfind(missing + ": cannot open database: ", 0), 0u) << error.error().toString();
    EXPECT_FALSE(fs::exists(missing));
    const auto empty = dir.file("empty.wsdb").string();
    std::ofstream { empty };
    EXPECT_EQ(model::TraceReader::open(empty).error().toString(), empty + ": not a warpscope database (an empty file)");
}

TEST(StoreRobustness, TruncatedFileGivesErrorsNotCrashes)
{
    TempDir dir("truncated");
    const auto path = dir.file("cut.wsdb").string();
    writeRuns(path, RunShape { 2, 100000, 1000, 4, "big", {} }, 1);
    ASSERT_FALSE(fs::exists(path + "-wal")); // the writer checkpointed on close
    fs::resize_file(path, fs::file_size(path) / 2);
    const auto error = readEverything(path);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->toString().rfind(path + ": ", 0), 0u) << error->toString();
    EXPECT_NE(error->toString().find("corrupt or truncated"), std::string::npos) << error->toString();
}

TEST(StoreRobustness, OverwrittenPagesGiveErrorsNotCrashes)
{
    TempDir dir("corrupt");
    const auto path = dir.file("bad.wsdb").string();
    writeRuns(path, RunShape { 2, 100000, 1000, 4, "big", {} }, 1);
    {
        std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
        for (std::streamoff page = 1; page < 400; page += 3) { // every third page from the second on
            file.seekp(page * 4096);
            file << std::string(512, '\x5a');
        }
    }
    const auto error = readEverything(path);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->toString().rfind(path + ": ", 0), 0u) << error->toString();
}

TEST(StoreRobustness, ReadOnlyLocationCannotBeCreated)
{
    // /proc refuses new files even to root, who ignores permission bits.
    const std::string path = "/proc/warpscope-test/session.wsdb";
    const auto writer = model::TraceWriter::open(path);
    ASSERT_FALSE(writer.ok());
    EXPECT_EQ(writer.error().toString(), path
            + ": cannot create database: cannot open the file (missing folder, no permission or read-only location)");
}

TEST(StoreRobustness, FolderWithoutWritePermission)
{
    if (::geteuid() == 0)
        GTEST_SKIP() << "running as root: a folder without write permission is still writable";
    TempDir dir("readonly");
    fs::permissions(dir.path(), fs::perms::owner_read | fs::perms::owner_exec);
    EXPECT_FALSE(model::TraceWriter::open(dir.file("s.wsdb").string()).ok());
}

TEST(StoreRobustness, DatabaseInAReadOnlyFolderIsListed)
{
    TempDir dir("readonly-listing");
    const auto path = dir.file("s.wsdb").string();
    writeRuns(path, RunShape {}, 2);
    fs::permissions(dir.path(), fs::perms::owner_read | fs::perms::owner_exec);
    if (::geteuid() != 0) { // root writes any folder: the snapshot mode is checked directly below
        const auto error = readEverything(path);
        EXPECT_FALSE(error) << error->toString();
    }
    fs::permissions(dir.path(), fs::perms::owner_all);
}

TEST(StoreRobustness, SnapshotReadingNamesAnyPath)
{
    // A snapshot is opened by URI: characters with a meaning there ('?', '#', '%') must still name the file.
    TempDir dir("snap?shot#50%");
    const auto path = dir.file("s?.wsdb").string();
    writeRuns(path, RunShape {}, 3);
    auto db = model::SqliteDatabase::open(path, model::SqliteDatabase::Mode::ReadOnlySnapshot);
    ASSERT_TRUE(db.ok()) << db.error().toString();
    const auto runs = db->queryInt("SELECT count(*) FROM runs WHERE complete = 1", "cannot read the database");
    ASSERT_TRUE(runs.ok()) << runs.error().toString();
    EXPECT_EQ(*runs, 3);
    EXPECT_TRUE(db->exec("DELETE FROM runs", "cannot write").has_value()) << "a snapshot is read-only";
}

TEST(StoreRobustness, FullDiskDiscardsTheRunAndKeepsEarlierOnes)
{
    TempDir dir("full");
    const auto path = dir.file("full.wsdb").string();
    model::TraceWriterOptions options;
    options.maxPageCount = 200; // 800 KiB: room for small runs, not for a big one
    options.rowsPerCommit = 5000; // so the failing run has committed batches to take back
    auto writer = model::TraceWriter::open(path, options);
    ASSERT_TRUE(writer.ok()) << writer.error().toString();
    store_tests::sendRun(*writer.value(), RunShape { 1, 100, 10, 2, "small", {} });
    ASSERT_TRUE(writer.value()->flush().ok());
    store_tests::sendRun(*writer.value(), RunShape { 2, 100000, 1000, 4, "big", {} });
    const auto failed = writer.value()->flush();
    ASSERT_FALSE(failed.ok());
    EXPECT_EQ(failed.error().toString(),
        path + ": cannot write the run: the disk (or the database's size limit) is full");
    store_tests::sendRun(*writer.value(), RunShape { 1, 100, 10, 2, "after", {} }); // the space came back
    ASSERT_TRUE(writer.value()->flush().ok());
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok());
    const auto runs = reader->runs();
    ASSERT_EQ(runs->size(), 2u);
    EXPECT_EQ((*runs)[0].scenarioPath, "scenarios/small.json");
    EXPECT_EQ((*runs)[1].scenarioPath, "scenarios/after.json");
    auto db = model::SqliteDatabase::open(path, model::SqliteDatabase::Mode::ReadOnly);
    EXPECT_EQ(db.value().queryInt("SELECT count(*) FROM runs", "test").value(), 2);
}

} // namespace

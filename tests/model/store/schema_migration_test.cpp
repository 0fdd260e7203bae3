// The migration mechanism: the real chain creates version 1; a synthetic chain shows an upgrade from an
// older file, the refusal of a newer one, and that a failing step leaves the file as it was.
#include "model/store/schema_migrator.h"
#include "model/store/sqlite_database.h"
#include "model/store/trace_reader.h"
#include "model/store/trace_schema.h"
#include "model/store/trace_writer.h"
#include "tests/model/store/store_test_support.h"

#include <gtest/gtest.h>

#include <array>

namespace {

using store_tests::TempDir;

// A toy schema's history: version 1 had a table of people, version 2 added their age.
constexpr std::array<model::SchemaMigration, 2> kToyChain = { {
    { 0, "CREATE TABLE people (name TEXT NOT NULL)" },
    { 1, "ALTER TABLE people ADD COLUMN age INTEGER NOT NULL DEFAULT 0" },
} };

model::SqliteDatabase openFile(const std::string& path)
{
    auto db = model::SqliteDatabase::open(path, model::SqliteDatabase::Mode::ReadWriteCreate);
    EXPECT_TRUE(db.ok());
    return std::move(db).value();
}

/// Takes a file back to before version N (dropVersion6: no printf lines).
void dropVersion9(model::SqliteDatabase& db)
{
    ASSERT_FALSE(db.exec("ALTER TABLE launches DROP COLUMN shared_load_ideal_wavefronts", "test"));
    ASSERT_FALSE(db.exec("ALTER TABLE launches DROP COLUMN shared_store_ideal_wavefronts", "test"));
}

void dropVersion8(model::SqliteDatabase& db)
{
    dropVersion9(db);
    ASSERT_FALSE(db.exec("DROP TABLE callee_pc_counters", "test"));
}

void dropVersion7(model::SqliteDatabase& db)
{
    dropVersion8(db);
    ASSERT_FALSE(db.exec("ALTER TABLE runs DROP COLUMN sweep_points_planned", "test"));
}

void dropVersion6(model::SqliteDatabase& db)
{
    dropVersion7(db);
    ASSERT_FALSE(db.exec("DROP TABLE printf_lines", "test"));
    ASSERT_FALSE(db.exec("ALTER TABLE launches DROP COLUMN printf_dropped", "test"));
}

std::int64_t versionOf(const model::SqliteDatabase& db)
{
    return db.queryInt("PRAGMA user_version", "test").value();
}

TEST(SchemaMigration, NewFileGetsTheCurrentVersion)
{
    TempDir dir("schema-new");
    const auto path = dir.file("new.wsdb").string();
    ASSERT_TRUE(model::TraceWriter::open(path).ok());
    const auto db = openFile(path);
    EXPECT_EQ(versionOf(db), model::traceStoreSchemaVersion());
    EXPECT_EQ(db.queryInt("PRAGMA application_id", "test").value(), model::kTraceApplicationId);
    EXPECT_EQ(db.queryInt("SELECT count(*) FROM sessions", "test").value(), 1);
}

TEST(SchemaMigration, OlderFileIsUpgradedKeepingItsRows)
{
    TempDir dir("schema-upgrade");
    auto db = openFile(dir.file("toy.db").string());
    ASSERT_FALSE(model::migrateSchema(db, std::span(kToyChain).first(1)));
    ASSERT_FALSE(db.exec("INSERT INTO people (name) VALUES ('Ada')", "test"));
    ASSERT_EQ(versionOf(db), 1);
    const auto error = model::migrateSchema(db, kToyChain);
    ASSERT_FALSE(error) << error->toString();
    EXPECT_EQ(versionOf(db), 2);
    EXPECT_EQ(db.queryInt("SELECT count(*) FROM people WHERE name = 'Ada' AND age = 0", "test").value(), 1);
    EXPECT_FALSE(model::migrateSchema(db, kToyChain)); // already current: nothing to do
}

TEST(SchemaMigration, NewerFileIsRefusedUntouched)
{
    TempDir dir("schema-newer");
    auto db = openFile(dir.file("toy.db").string());
    ASSERT_FALSE(model::migrateSchema(db, kToyChain));
    const auto error = model::migrateSchema(db, std::span(kToyChain).first(1));
    ASSERT_TRUE(error);
    EXPECT_EQ(error->toString(), dir.file("toy.db").string()
            + ": database schema version 2 is newer than this warpscope reads (1); open it with a newer warpscope");
    EXPECT_EQ(versionOf(db), 2);
}

TEST(SchemaMigration, FailingStepRollsBackToTheOldVersion)
{
    TempDir dir("schema-fail");
    auto db = openFile(dir.file("toy.db").string());
    ASSERT_FALSE(model::migrateSchema(db, std::span(kToyChain).first(1)));
    constexpr std::array<model::SchemaMigration, 3> broken = { {
        kToyChain[0],
        { 1, "CREATE TABLE pets (name TEXT)" },
        { 2, "ALTER TABLE no_such_table ADD COLUMN x INTEGER" },
    } };
    const auto error = model::migrateSchema(db, broken);
    ASSERT_TRUE(error);
    EXPECT_NE(error->toString().find("cannot upgrade the database schema"), std::string::npos);
    EXPECT_EQ(versionOf(db), 1);
    EXPECT_EQ(db.queryInt("SELECT count(*) FROM sqlite_master WHERE name = 'pets'", "test").value(), 0);
}

TEST(SchemaMigration, TraceFileOfANewerVersionIsRefusedByWriterAndReader)
{
    TempDir dir("schema-trace-newer");
    const auto path = dir.file("future.wsdb").string();
    ASSERT_TRUE(model::TraceWriter::open(path).ok());
    {
        auto db = openFile(path);
        ASSERT_FALSE(db.exec("PRAGMA user_version = 99", "test"));
    }
    const auto expected = path + ": database schema version 99 is newer than this warpscope reads ("
        + std::to_string(model::traceStoreSchemaVersion()) + "); open it with a newer warpscope";
    const auto writer = model::TraceWriter::open(path);
    ASSERT_FALSE(writer.ok());
    EXPECT_EQ(writer.error().toString(), expected);
    const auto reader = model::TraceReader::open(path);
    ASSERT_FALSE(reader.ok());
    EXPECT_EQ(reader.error().toString(), expected);
}

TEST(SchemaMigration, VersionOneTraceIsUpgradedWhenRead)
{
    // A file written before version 2 (no efficiency bytes or cache sectors on launches) is upgraded in place on
    // first read, through every later step: its runs stay, the new columns read as 0.
    TempDir dir("schema-trace-v1");
    const auto path = dir.file("old.wsdb").string();
    {
        auto writer = model::TraceWriter::open(path);
        ASSERT_TRUE(writer.ok());
        store_tests::sendRun(*writer.value(), store_tests::RunShape { 1, 10, 10, 1, "old", {} });
        ASSERT_TRUE(writer.value()->flush().ok());
    }
    {
        auto db = openFile(path);
        for (const char* column : { "global_load_bytes_requested", "global_load_bytes_moved", "global_store_bytes_requested",
                 "global_store_bytes_moved", "l1_hit_sectors", "l1_miss_sectors", "l2_hit_sectors", "l2_miss_sectors" })
            ASSERT_FALSE(db.exec(("ALTER TABLE launches DROP COLUMN " + std::string(column)).c_str(), "test"));
        ASSERT_FALSE(db.exec("ALTER TABLE sweep_points DROP COLUMN simulated_share", "test"));
        dropVersion6(db);
        ASSERT_FALSE(db.exec("ALTER TABLE kernels DROP COLUMN registers_source", "test"));
        ASSERT_FALSE(db.exec("PRAGMA user_version = 1", "test"));
    }
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok()) << reader.error().toString();
    const auto launches = reader->launches(1);
    ASSERT_TRUE(launches.ok()) << launches.error().toString();
    ASSERT_EQ(launches->size(), 1u);
    EXPECT_EQ(launches->front().summary.cycles, 5000u);
    EXPECT_EQ(launches->front().summary.globalLoadBytesMoved, 0u);
    EXPECT_EQ(launches->front().summary.l2HitSectors, 0u);
    EXPECT_EQ(versionOf(openFile(path)), model::traceStoreSchemaVersion());
}

TEST(SchemaMigration, SweepsOfVersion3ReadAsExact)
{
    TempDir dir("schema-trace-v3");
    const auto path = dir.file("old.wsdb").string();
    {
        auto writer = model::TraceWriter::open(path);
        ASSERT_TRUE(writer.ok());
        store_tests::sendRun(*writer.value(), store_tests::RunShape { 1, 10, 10, 1, "sweep", {} });
        ASSERT_TRUE(writer.value()->flush().ok());
    }
    {
        auto reader = model::TraceReader::open(path);
        ASSERT_TRUE(reader.ok());
        const auto points = reader->sweepPoints(1);
        ASSERT_TRUE(points.ok() && points->size() == 2u);
        EXPECT_EQ(points->at(1).simulatedShare, 0.25); // a sampled point as written
    }
    {
        auto db = openFile(path);
        ASSERT_FALSE(db.exec("ALTER TABLE sweep_points DROP COLUMN simulated_share", "test"));
        dropVersion6(db);
        ASSERT_FALSE(db.exec("ALTER TABLE kernels DROP COLUMN registers_source", "test"));
        ASSERT_FALSE(db.exec("PRAGMA user_version = 3", "test"));
    }
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok()) << reader.error().toString();
    const auto points = reader->sweepPoints(1);
    ASSERT_TRUE(points.ok()) << points.error().toString();
    ASSERT_EQ(points->size(), 2u);
    EXPECT_EQ(points->at(1).simulatedShare, 1.0); // added with its default: sweeps before version 4 were exact
    EXPECT_EQ(versionOf(openFile(path)), model::traceStoreSchemaVersion());
}

// Version 6 added device printf lines; a version-5 file is upgraded on first read, and its launches have none.
TEST(SchemaMigration, Version5TraceGainsPrintfLines)
{
    TempDir dir("schema-trace-v5");
    const auto path = dir.file("old.wsdb").string();
    {
        auto writer = model::TraceWriter::open(path);
        ASSERT_TRUE(writer.ok());
        store_tests::sendRun(*writer.value(), store_tests::RunShape {1, 10, 10, 1, "v5", {}});
        ASSERT_TRUE(writer.value()->flush().ok());
    }
    {
        auto db = openFile(path);
        dropVersion6(db);
        ASSERT_FALSE(db.exec("PRAGMA user_version = 5", "test"));
    }
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok()) << reader.error().toString();
    const auto launches = reader->launches(1);
    ASSERT_TRUE(launches.ok() && launches->size() == 1u);
    const auto lines = reader->printfLines(launches->front().id);
    ASSERT_TRUE(lines.ok()) << lines.error().toString();
    EXPECT_TRUE(lines->empty());
    EXPECT_EQ(versionOf(openFile(path)), model::traceStoreSchemaVersion());
}

// Version 7 added the points a sweep was to have; a version-6 sweep was written whole: it has all it planned.
TEST(SchemaMigration, Version6SweepsReadAsWhole)
{
    TempDir dir("schema-trace-v6");
    const auto path = dir.file("old.wsdb").string();
    {
        auto writer = model::TraceWriter::open(path);
        ASSERT_TRUE(writer.ok());
        store_tests::sendRun(*writer.value(), store_tests::RunShape {1, 10, 10, 1, "sweep", {}});
        ASSERT_TRUE(writer.value()->flush().ok());
    }
    {
        auto db = openFile(path);
        dropVersion7(db);
        ASSERT_FALSE(db.exec("PRAGMA user_version = 6", "test"));
    }
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok()) << reader.error().toString();
    const auto runs = reader->runs();
    ASSERT_TRUE(runs.ok() && runs->size() == 1u);
    EXPECT_EQ(runs->front().sweepPointCount, 2);
    EXPECT_EQ(runs->front().sweepPointsPlanned, 2);
    EXPECT_EQ(versionOf(openFile(path)), model::traceStoreSchemaVersion());
}

// Version 8 added the callees' issue counts; a version-7 launch is upgraded on first read and has none.
TEST(SchemaMigration, Version7LaunchesHaveNoCalleeCounters)
{
    TempDir dir("schema-trace-v7");
    const auto path = dir.file("old.wsdb").string();
    {
        auto writer = model::TraceWriter::open(path);
        ASSERT_TRUE(writer.ok());
        store_tests::sendRun(*writer.value(), store_tests::RunShape {1, 10, 10, 1, "v7", {}});
        ASSERT_TRUE(writer.value()->flush().ok());
    }
    {
        auto db = openFile(path);
        dropVersion8(db);
        ASSERT_FALSE(db.exec("PRAGMA user_version = 7", "test"));
    }
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok()) << reader.error().toString();
    const auto launches = reader->launches(1);
    ASSERT_TRUE(launches.ok() && launches->size() == 1u);
    const auto callees = reader->calleeCounters(launches->front().id);
    ASSERT_TRUE(callees.ok()) << callees.error().toString();
    EXPECT_TRUE(callees->empty());
    EXPECT_EQ(versionOf(openFile(path)), model::traceStoreSchemaVersion());
}

// Version 9 added the ideal shared wavefronts; a version-8 launch is upgraded on first read and reads 0 (unknown),
// while a current one keeps what it was written with.
TEST(SchemaMigration, Version8LaunchesReadIdealWavefrontsAsUnknown)
{
    TempDir dir("schema-trace-v8");
    const auto path = dir.file("old.wsdb").string();
    {
        auto writer = model::TraceWriter::open(path);
        ASSERT_TRUE(writer.ok());
        store_tests::sendRun(*writer.value(), store_tests::RunShape {1, 10, 10, 1, "v8", {}});
        store_tests::sendRun(*writer.value(), store_tests::RunShape {1, 10, 10, 1, "v9", {}});
        ASSERT_TRUE(writer.value()->flush().ok());
    }
    {
        auto db = openFile(path);
        ASSERT_FALSE(db.exec("UPDATE launches SET shared_load_ideal_wavefronts = 12, shared_store_ideal_wavefronts = 5",
            "test"));
        auto reader = model::TraceReader::open(path);
        ASSERT_TRUE(reader.ok()) << reader.error().toString();
        const auto launches = reader->launches(2);
        ASSERT_TRUE(launches.ok() && launches->size() == 1u);
        EXPECT_EQ(launches->front().summary.sharedLoadIdealWavefronts, 12u);
        EXPECT_EQ(launches->front().summary.sharedStoreIdealWavefronts, 5u);
    }
    {
        auto db = openFile(path);
        dropVersion9(db);
        ASSERT_FALSE(db.exec("PRAGMA user_version = 8", "test"));
    }
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok()) << reader.error().toString();
    for (const std::int64_t run : { 1, 2 }) {
        const auto launches = reader->launches(run);
        ASSERT_TRUE(launches.ok() && launches->size() == 1u) << run;
        EXPECT_EQ(launches->front().summary.sharedLoadIdealWavefronts, 0u);
        EXPECT_EQ(launches->front().summary.sharedStoreIdealWavefronts, 0u);
        EXPECT_EQ(launches->front().summary.cycles, 5000u); // the rest of the row stays
    }
    EXPECT_EQ(versionOf(openFile(path)), model::traceStoreSchemaVersion());
}

// A run's printf lines come back in order, with their threads and the launch's dropped count.
TEST(SchemaMigration, PrintfLinesRoundTrip)
{
    TempDir dir("schema-printf");
    const auto path = dir.file("printf.wsdb").string();
    {
        auto writer = model::TraceWriter::open(path);
        ASSERT_TRUE(writer.ok());
        store_tests::RunShape shape {1, 10, 10, 1, "printf", {}};
        shape.printf = {engine::simt::PrintfLine {{1, 0, 0}, 1, {33, 0, 0}, 1, 1, "b1 t33\n"},
            engine::simt::PrintfLine {{0, 0, 0}, 0, {2, 0, 0}, 0, 2, "b0 t2\n"}};
        store_tests::sendRun(*writer.value(), shape);
        ASSERT_TRUE(writer.value()->flush().ok());
    }
    auto reader = model::TraceReader::open(path);
    ASSERT_TRUE(reader.ok()) << reader.error().toString();
    const auto launches = reader->launches(1);
    ASSERT_TRUE(launches.ok() && launches->size() == 1u);
    const auto lines = reader->printfLines(launches->front().id);
    ASSERT_TRUE(lines.ok()) << lines.error().toString();
    ASSERT_EQ(lines->size(), 2u);
    EXPECT_EQ(lines->at(0).text, "b1 t33\n");
    EXPECT_EQ(lines->at(0).block[0], 1u);
    EXPECT_EQ(lines->at(0).blockLinear, 1u);
    EXPECT_EQ(lines->at(0).thread[0], 33u);
    EXPECT_EQ(lines->at(0).warp, 1u);
    EXPECT_EQ(lines->at(1).text, "b0 t2\n");
    EXPECT_EQ(lines->at(1).lane, 2u);
}

TEST(SchemaMigration, RealChainIsInOrder)
{
    const auto chain = model::traceStoreMigrations();
    for (std::size_t i = 0; i < chain.size(); ++i)
        EXPECT_EQ(chain[i].fromVersion, static_cast<std::int64_t>(i));
}

} // namespace

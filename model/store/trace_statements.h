#pragma once

#include "model/store/sqlite_statement.h"

namespace model {

class SqliteDatabase;

/// The writer's prepared inserts, compiled once per connection. Bind indices follow the column lists
/// in trace_statements.cpp. Lives on the writer thread with its connection.
struct TraceStatements {
    static engine::Result<TraceStatements> prepare(const SqliteDatabase& db);

    SqliteStatement insertRun;
    SqliteStatement completeRun;
    SqliteStatement insertModule;
    SqliteStatement insertKernel;
    SqliteStatement insertLaunch;
    SqliteStatement updateLaunch;
    SqliteStatement insertPcCounter;
    SqliteStatement insertInterval;
    SqliteStatement insertSummary;
    SqliteStatement insertRequest;
    SqliteStatement insertLanes;
    SqliteStatement insertStreamOp;
    SqliteStatement insertSweepPoint;
    SqliteStatement insertPrintfLine;
    SqliteStatement setPrintfDropped;
    SqliteStatement insertCalleeCounter;
};

} // namespace model

// The trace store's schema, one SQL text per version. Never edit a released step: add a new one.
#include "model/store/trace_schema.h"

#include <array>

namespace model {

namespace {

// Version 1. Units: cycles are SM clock cycles from the launch's start, times in microseconds on the
// run's host timeline, sizes in bytes. Every row of a run hangs off runs.id (directly or via launches),
// so deleting an incomplete run is a handful of range deletes.
constexpr const char* kVersion1 = R"sql(
CREATE TABLE sessions (
    id INTEGER PRIMARY KEY,
    created_at TEXT NOT NULL,
    tool_version TEXT NOT NULL);
CREATE TABLE runs (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    complete INTEGER NOT NULL DEFAULT 0, -- set in the run's last transaction; readers show complete runs only
    writer_pid INTEGER NOT NULL,         -- lets the next writer tell a crashed run from one in progress
    date TEXT NOT NULL,
    tool_version TEXT NOT NULL,
    device_id TEXT NOT NULL,
    device_name TEXT NOT NULL,
    device_json TEXT NOT NULL,
    scenario_path TEXT NOT NULL,
    scenario_text TEXT NOT NULL,
    parameters_json TEXT NOT NULL,
    sampling TEXT NOT NULL,
    total_time_us REAL);
CREATE INDEX runs_by_complete ON runs(complete, id);
CREATE TABLE modules (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id),
    module_index INTEGER NOT NULL,
    path TEXT NOT NULL,
    ptx_text TEXT NOT NULL,
    cuda_source TEXT NOT NULL,
    UNIQUE (run_id, module_index));
CREATE TABLE kernels (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id),
    kernel_index INTEGER NOT NULL,
    module_index INTEGER NOT NULL,
    name TEXT NOT NULL,
    mangled_name TEXT NOT NULL,
    registers_per_thread INTEGER NOT NULL,
    static_shared_bytes INTEGER NOT NULL,
    instruction_count INTEGER NOT NULL,
    UNIQUE (run_id, kernel_index));
CREATE TABLE launches (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id),
    launch_index INTEGER NOT NULL,
    kernel_index INTEGER NOT NULL,
    stream INTEGER NOT NULL,
    grid_x INTEGER NOT NULL, grid_y INTEGER NOT NULL, grid_z INTEGER NOT NULL,
    block_x INTEGER NOT NULL, block_y INTEGER NOT NULL, block_z INTEGER NOT NULL,
    dynamic_shared_bytes INTEGER NOT NULL,
    cycles INTEGER, start_us REAL, time_us REAL, effective_bandwidth_gbps REAL,
    theoretical_occupancy REAL, achieved_occupancy REAL,
    global_load_requests INTEGER, global_load_sectors INTEGER, global_load_transactions INTEGER,
    global_store_requests INTEGER, global_store_sectors INTEGER, global_store_transactions INTEGER,
    shared_load_requests INTEGER, shared_load_wavefronts INTEGER,
    shared_store_requests INTEGER, shared_store_wavefronts INTEGER,
    dram_bytes_read INTEGER, dram_bytes_write INTEGER,
    warp_instructions INTEGER, thread_instructions INTEGER,
    interval_count INTEGER NOT NULL DEFAULT 0,
    max_interval_cycles INTEGER NOT NULL DEFAULT 0, -- bounds the time-window query's index range
    last_cycle INTEGER NOT NULL DEFAULT 0,          -- the latest interval end
    UNIQUE (run_id, launch_index));
CREATE TABLE pc_counters (
    launch_id INTEGER NOT NULL,
    pc INTEGER NOT NULL,
    ptx_line INTEGER NOT NULL,
    warp_instructions INTEGER NOT NULL,
    thread_instructions INTEGER NOT NULL,
    transactions INTEGER NOT NULL,
    sectors INTEGER NOT NULL,
    wavefronts INTEGER NOT NULL,
    stall_cycles INTEGER NOT NULL,
    PRIMARY KEY (launch_id, pc)) WITHOUT ROWID;
CREATE INDEX pc_counters_by_line ON pc_counters(launch_id, ptx_line);
-- One row per interval, clustered by start cycle so a time window is one index range.
CREATE TABLE warp_intervals (
    launch_id INTEGER NOT NULL,
    start_cycle INTEGER NOT NULL,
    seq INTEGER NOT NULL, -- arrival order inside the launch; makes the key unique
    duration_cycles INTEGER NOT NULL,
    sm INTEGER NOT NULL,
    block INTEGER NOT NULL,
    warp INTEGER NOT NULL,
    state INTEGER NOT NULL,
    PRIMARY KEY (launch_id, start_cycle, seq)) WITHOUT ROWID;
-- Level of detail for launches with many intervals: per SM, cycles per state in equal time buckets.
-- state_cycles is bucket_count * state_count little-endian uint32, bucket-major.
CREATE TABLE interval_summary (
    launch_id INTEGER NOT NULL,
    sm INTEGER NOT NULL,
    bucket_cycles INTEGER NOT NULL,
    bucket_count INTEGER NOT NULL,
    state_count INTEGER NOT NULL,
    state_cycles BLOB NOT NULL,
    PRIMARY KEY (launch_id, sm)) WITHOUT ROWID;
CREATE TABLE memory_requests (
    launch_id INTEGER NOT NULL,
    issue_cycle INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    pc INTEGER NOT NULL,
    sm INTEGER NOT NULL,
    block INTEGER NOT NULL,
    warp INTEGER NOT NULL,
    space INTEGER NOT NULL,
    kind INTEGER NOT NULL,
    bytes INTEGER NOT NULL,
    transactions INTEGER NOT NULL,
    sectors INTEGER NOT NULL,
    conflict_degree INTEGER NOT NULL,
    PRIMARY KEY (launch_id, issue_cycle, seq)) WITHOUT ROWID;
-- Lane addresses of the sampled requests: the active lanes' addresses as little-endian uint64, in lane order.
CREATE TABLE request_lanes (
    launch_id INTEGER NOT NULL,
    request_seq INTEGER NOT NULL,
    active_mask INTEGER NOT NULL,
    addresses BLOB NOT NULL,
    PRIMARY KEY (launch_id, request_seq));
CREATE TABLE stream_ops (
    id INTEGER PRIMARY KEY,
    run_id INTEGER NOT NULL REFERENCES runs(id),
    stream INTEGER NOT NULL,
    kind INTEGER NOT NULL,
    name TEXT NOT NULL,
    start_us REAL NOT NULL,
    end_us REAL NOT NULL,
    bytes INTEGER NOT NULL,
    launch_index INTEGER);
CREATE INDEX stream_ops_by_time ON stream_ops(run_id, start_us);
CREATE TABLE sweep_points (
    run_id INTEGER NOT NULL REFERENCES runs(id),
    point_index INTEGER NOT NULL,
    device_id TEXT NOT NULL,
    parameters_json TEXT NOT NULL,
    total_time_us REAL NOT NULL,
    effective_bandwidth_gbps REAL NOT NULL,
    PRIMARY KEY (run_id, point_index));
)sql";

// Version 2: the bytes a launch's global loads and stores asked for and the bytes the memory moved for them,
// so readers derive load/store efficiency exactly for every generation. Runs of version 1 read as 0 (unknown).
constexpr const char* kVersion2 = R"sql(
ALTER TABLE launches ADD COLUMN global_load_bytes_requested INTEGER NOT NULL DEFAULT 0;
ALTER TABLE launches ADD COLUMN global_load_bytes_moved INTEGER NOT NULL DEFAULT 0;
ALTER TABLE launches ADD COLUMN global_store_bytes_requested INTEGER NOT NULL DEFAULT 0;
ALTER TABLE launches ADD COLUMN global_store_bytes_moved INTEGER NOT NULL DEFAULT 0;
)sql";

// Version 3: the sectors the L1s and the L2 hit and missed, for the per-launch hit rates. Older runs read as 0.
constexpr const char* kVersion3 = R"sql(
ALTER TABLE launches ADD COLUMN l1_hit_sectors INTEGER NOT NULL DEFAULT 0;
ALTER TABLE launches ADD COLUMN l1_miss_sectors INTEGER NOT NULL DEFAULT 0;
ALTER TABLE launches ADD COLUMN l2_hit_sectors INTEGER NOT NULL DEFAULT 0;
ALTER TABLE launches ADD COLUMN l2_miss_sectors INTEGER NOT NULL DEFAULT 0;
)sql";

// Version 4: the share of a sweep point's blocks the timing model simulated (1 when exact; less when it sampled
// steady launches). Older sweeps were exact and read as 1.
constexpr const char* kVersion4 = R"sql(
ALTER TABLE sweep_points ADD COLUMN simulated_share REAL NOT NULL DEFAULT 1.0;
)sql";

// Version 5: where a kernel's registers per thread came from ("ptxas sm_90", "ptxas sm_90 (recorded)",
// "estimated"; engine/host/kernel_resources.h). Older runs read as '' (unknown).
constexpr const char* kVersion5 = R"sql(
ALTER TABLE kernels ADD COLUMN registers_source TEXT NOT NULL DEFAULT '';
)sql";

// Version 6: device printf output, line by line with the thread that printed it, and how many lines the full
// printf buffer overwrote (engine/simt/printf_log.h). Older launches have none.
constexpr const char* kVersion6 = R"sql(
CREATE TABLE printf_lines (
    launch_id INTEGER NOT NULL REFERENCES launches(id),
    seq INTEGER NOT NULL,
    block_x INTEGER NOT NULL, block_y INTEGER NOT NULL, block_z INTEGER NOT NULL,
    thread_x INTEGER NOT NULL, thread_y INTEGER NOT NULL, thread_z INTEGER NOT NULL,
    warp INTEGER NOT NULL, lane INTEGER NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (launch_id, seq));
ALTER TABLE launches ADD COLUMN printf_dropped INTEGER NOT NULL DEFAULT 0;
)sql";

// Version 7: how many points a sweep was to have. A sweep commits each point as it finishes, so a killed or
// cancelled sweep keeps fewer; older sweeps were written whole and read as 0 (as many as they hold).
constexpr const char* kVersion7 = R"sql(
ALTER TABLE runs ADD COLUMN sweep_points_planned INTEGER NOT NULL DEFAULT 0;
)sql";

// Version 8: issue totals of the functions a launch's kernel called (.func bodies), so FLOPs and the instruction
// mix count what callees executed. Older launches have none (their callees' work was not kept).
constexpr const char* kVersion8 = R"sql(
CREATE TABLE callee_pc_counters (
    launch_id INTEGER NOT NULL REFERENCES launches(id),
    function_index INTEGER NOT NULL,
    pc INTEGER NOT NULL,
    warp_instructions INTEGER NOT NULL,
    thread_instructions INTEGER NOT NULL,
    PRIMARY KEY (launch_id, function_index, pc)) WITHOUT ROWID;
)sql";

// Version 9: the shared wavefronts a launch's loads and stores would take without bank conflicts (more than one per
// request for wide accesses), so readers tell bank conflicts from wide accesses. Older runs read as 0 (unknown).
constexpr const char* kVersion9 = R"sql(
ALTER TABLE launches ADD COLUMN shared_load_ideal_wavefronts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE launches ADD COLUMN shared_store_ideal_wavefronts INTEGER NOT NULL DEFAULT 0;
)sql";

constexpr std::array<SchemaMigration, 9> kMigrations = { { { 0, kVersion1 }, { 1, kVersion2 }, { 2, kVersion3 },
    { 3, kVersion4 }, { 4, kVersion5 }, { 5, kVersion6 }, { 6, kVersion7 }, { 7, kVersion8 }, { 8, kVersion9 } } };

} // namespace

std::span<const SchemaMigration> traceStoreMigrations() { return kMigrations; }

std::int64_t traceStoreSchemaVersion() { return static_cast<std::int64_t>(kMigrations.size()); }

} // namespace model

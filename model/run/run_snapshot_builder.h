#pragma once

#include "model/run/run_snapshot.h"

namespace engine {
struct DeviceProfile;
struct Error;
struct LaunchReport;
struct RunReport;
namespace simt {
struct PrintfLine;
}
}

namespace model {

/// Copies a run's report into Qt types; called once, on the worker thread that ran it.
RunSnapshot buildRunSnapshot(const engine::RunReport& report, const engine::DeviceProfile& profile);

/// One launch's counters, with effective bandwidth when the launch was timed.
LaunchSummary buildLaunchSummary(const engine::LaunchReport& launch);

/// A device printf line in Qt types.
PrintfEntry printfEntry(const engine::simt::PrintfLine& line);

/// A user error as one line naming file and line or JSON path: "offset.json: /steps/1/launch/grid: ...".
QString errorText(const engine::Error& error);

} // namespace model

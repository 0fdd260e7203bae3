#pragma once

#include "model/run/run_snapshot.h"

namespace model {

/// One sentence of guidance for a launch, citing the Best Practices Guide (v8.0) section it comes from:
/// misaligned (§9.2.1.3) or strided (§9.2.1.4) global accesses, shared-memory bank conflicts (§9.2.2.1),
/// or fully coalesced accesses (§9.2.1). `params` are the run's parameters: a `stride` parameter above 1
/// names the stride. Empty when the launch touched no global or shared memory.
QString launchGuidance(const LaunchSummary& launch, const QMap<QString, qint64>& params);

} // namespace model

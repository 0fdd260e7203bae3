#pragma once

#include "engine/common/result.h"
#include "engine/device/device_profile.h"
#include "model/store/trace_snapshots.h"

namespace model {

/// The device profile a stored run ran on: the profile JSON kept with the run, so later edits of the
/// profile do not change what the run means; a run whose stored JSON is not a complete profile falls
/// back to the built-in profile of the same id. An error names the run when neither exists.
engine::Result<engine::DeviceProfile> runDevice(const RunDetail& run);

} // namespace model

#pragma once

#include "engine/device/device_profile.h"

#include <string>

namespace engine {

/// The JSON text a profile was loaded from (the embedded file of a built-in profile, else the user's file),
/// for recording with a run so the run keeps its meaning when the profile is edited later. Empty when the
/// text cannot be found any more.
std::string profileText(const DeviceProfile& profile);

} // namespace engine

#pragma once

#include "engine/device/device_profile.h"
#include "engine/host/stream_scheduler.h"

#include <cstdint>

namespace engine {

/// Duration of a copy or memset in microseconds: the profile's per-transfer latency plus the bytes at
/// the link's bandwidth (pinned or pageable) for host transfers, or at the device's theoretical DRAM
/// bandwidth for device-side operations (a device-to-device copy reads and writes every byte).
double transferDurationUs(const DeviceProfile& profile, DeviceOpKind kind, std::uint64_t bytes, bool pinned);

} // namespace engine

#pragma once

#include "engine/device/device_profile.h"
#include "engine/host/stream_scheduler.h"

#include <cstdint>

namespace engine {

/// How a copy was issued: synchronously (cudaMemcpy, the host waits) or asynchronously in a stream.
enum class CopyCall { Synchronous, Asynchronous };

/// Duration of a copy or memset in microseconds: the profile's per-transfer latency plus the bytes at
/// the link's bandwidth (pinned or pageable) for host transfers, or at the device's theoretical DRAM
/// bandwidth for device-side operations (a device-to-device copy reads and writes every byte). An
/// asynchronous copy from or to pinned memory pays the asynchronous latency; a pageable one is staged
/// synchronously whatever the call (best-practices-guide-v8.0.txt §9.1.2), so it pays the synchronous one.
double transferDurationUs(const DeviceProfile& profile, DeviceOpKind kind, std::uint64_t bytes, bool pinned,
    CopyCall call = CopyCall::Synchronous);

} // namespace engine

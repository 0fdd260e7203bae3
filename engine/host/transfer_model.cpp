#include "engine/host/transfer_model.h"

namespace engine {

double transferDurationUs(const DeviceProfile& profile, DeviceOpKind kind, std::uint64_t bytes, bool pinned)
{
    const auto& host = profile.host;
    const double megabytes = static_cast<double>(bytes) / 1e3; // GB/s = 1e3 bytes per microsecond
    switch (kind) {
    // best-practices-guide-v8.0.txt §9.1: each transfer has an overhead, so batching small transfers
    // pays; §9.1.1: pinned memory reaches higher bandwidth than pageable.
    case DeviceOpKind::MemcpyHostToDevice:
        return host.transferLatencyUs
            + megabytes / (pinned ? host.pinnedHostToDeviceGBps : host.pageableHostToDeviceGBps);
    case DeviceOpKind::MemcpyDeviceToHost:
        return host.transferLatencyUs
            + megabytes / (pinned ? host.pinnedDeviceToHostGBps : host.pageableDeviceToHostGBps);
    case DeviceOpKind::MemcpyDeviceToDevice:
        return host.transferLatencyUs + 2 * megabytes / theoreticalBandwidthGBps(profile.memory);
    case DeviceOpKind::Memset:
        return host.transferLatencyUs + megabytes / theoreticalBandwidthGBps(profile.memory);
    case DeviceOpKind::MemcpyHostToHost:
        // A plain host memcpy: at the pageable rate, the slowest host path the profile knows.
        return megabytes / host.pageableHostToDeviceGBps;
    case DeviceOpKind::Kernel:
        break;
    }
    return 0;
}

} // namespace engine

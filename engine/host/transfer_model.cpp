#include "engine/host/transfer_model.h"

namespace engine {

double transferDurationUs(const DeviceProfile& profile, DeviceOpKind kind, std::uint64_t bytes, bool pinned, CopyCall call)
{
    const auto& host = profile.host;
    const double megabytes = static_cast<double>(bytes) / 1e3; // GB/s = 1e3 bytes per microsecond
    // best-practices-guide-v8.0.txt §9.1: each transfer has an overhead, so batching small transfers pays.
    // The overhead of a call the host does not wait for is smaller (h100: 4 KB cudaMemcpy 9-10 us,
    // cudaMemcpyAsync 4.7 us, bench/hardware/h100/queued_copy_probe.csv).
    const double latency
        = call == CopyCall::Asynchronous && pinned ? host.asyncTransferLatencyUs : host.transferLatencyUs;
    switch (kind) {
    // §9.1.1: pinned memory reaches higher bandwidth than pageable.
    case DeviceOpKind::MemcpyHostToDevice:
        return latency + megabytes / (pinned ? host.pinnedHostToDeviceGBps : host.pageableHostToDeviceGBps);
    case DeviceOpKind::MemcpyDeviceToHost:
        return latency + megabytes / (pinned ? host.pinnedDeviceToHostGBps : host.pageableDeviceToHostGBps);
    case DeviceOpKind::MemcpyDeviceToDevice:
        return latency + 2 * megabytes / theoreticalBandwidthGBps(profile.memory);
    case DeviceOpKind::Memset:
        return latency + megabytes / theoreticalBandwidthGBps(profile.memory);
    case DeviceOpKind::MemcpyHostToHost:
        // A plain host memcpy: at the pageable rate, the slowest host path the profile knows.
        return megabytes / host.pageableHostToDeviceGBps;
    case DeviceOpKind::Kernel:
        break;
    }
    return 0;
}

} // namespace engine

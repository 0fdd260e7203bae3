#include "engine/host/stream_scheduler.h"

#include <algorithm>

namespace engine {

const char* toString(DeviceOpKind kind)
{
    switch (kind) {
    case DeviceOpKind::Kernel:
        return "kernel";
    case DeviceOpKind::MemcpyHostToDevice:
        return "memcpy_h2d";
    case DeviceOpKind::MemcpyDeviceToHost:
        return "memcpy_d2h";
    case DeviceOpKind::MemcpyDeviceToDevice:
        return "memcpy_d2d";
    case DeviceOpKind::MemcpyHostToHost:
        return "memcpy_h2h";
    case DeviceOpKind::Memset:
        return "memset";
    }
    return "unknown";
}

const char* toString(EngineKind kind)
{
    switch (kind) {
    case EngineKind::Compute:
        return "compute";
    case EngineKind::Copy:
        return "copy";
    case EngineKind::CopyHostToDevice:
        return "copy_h2d";
    case EngineKind::CopyDeviceToHost:
        return "copy_d2h";
    case EngineKind::Host:
        return "host";
    }
    return "unknown";
}

StreamScheduler::StreamScheduler(int asyncEngineCount)
    : m_asyncEngineCount(asyncEngineCount)
{
}

EngineKind engineFor(DeviceOpKind kind, int asyncEngineCount)
{
    const bool hostToDevice = kind == DeviceOpKind::MemcpyHostToDevice;
    if (!hostToDevice && kind != DeviceOpKind::MemcpyDeviceToHost) {
        // Device-to-device copies and memsets run as device work, like kernels; host-to-host copies
        // never touch the device.
        return kind == DeviceOpKind::MemcpyHostToHost ? EngineKind::Host : EngineKind::Compute;
    }
    // best-practices-guide-v8.0.txt §9.1.2: asyncEngineCount copy engines; none means copies cannot
    // overlap kernels, one serves both directions, two serve one direction each.
    if (asyncEngineCount <= 0)
        return EngineKind::Compute;
    if (asyncEngineCount == 1)
        return EngineKind::Copy;
    return hostToDevice ? EngineKind::CopyHostToDevice : EngineKind::CopyDeviceToHost;
}

EngineKind StreamScheduler::engineFor(const DeviceOp& op) const { return engine::engineFor(op.kind, m_asyncEngineCount); }

double StreamScheduler::streamReadyUs(int stream) const
{
    // best-practices-guide-v8.0.txt §9.1.2: default-stream work begins only after all preceding calls in
    // any stream complete; other streams' later work waits for the preceding default-stream work.
    if (stream == 0)
        return m_allEndUs;
    const auto own = m_streamEndUs.find(stream);
    const auto waited = m_streamWaitUs.find(stream);
    return std::max({ m_lastDefaultStreamEndUs, own == m_streamEndUs.end() ? 0.0 : own->second,
        waited == m_streamWaitUs.end() ? 0.0 : waited->second });
}

const TimelineEntry& StreamScheduler::submit(const DeviceOp& op)
{
    TimelineEntry entry { op, engineFor(op), 0, 0 };
    const double ready = std::max(m_hostUs, streamReadyUs(op.stream));
    entry.startUs = std::max(ready, m_engineFreeUs[entry.engine]);
    entry.endUs = entry.startUs + op.durationUs;
    m_engineFreeUs[entry.engine] = entry.endUs;
    m_streamEndUs[op.stream] = entry.endUs;
    m_streamWaitUs.erase(op.stream);
    m_allEndUs = std::max(m_allEndUs, entry.endUs);
    if (op.stream == 0)
        m_lastDefaultStreamEndUs = std::max(m_lastDefaultStreamEndUs, entry.endUs);
    // Copies without the Async suffix block the host; so do pageable ones, which are staged through a
    // pinned buffer (best-practices-guide-v8.0.txt §9.1.1-9.1.2: overlap requires pinned memory).
    const bool isCopy = op.kind != DeviceOpKind::Kernel;
    if (isCopy && (!op.async || !op.pinned || op.kind == DeviceOpKind::MemcpyHostToHost))
        m_hostUs = entry.endUs;
    m_entries.push_back(entry);
    return m_entries.back();
}

void StreamScheduler::record(const std::string& event, int stream)
{
    m_events[event] = std::max(m_hostUs, streamReadyUs(stream));
}

bool StreamScheduler::wait(int stream, const std::string& event)
{
    const auto it = m_events.find(event);
    if (it == m_events.end())
        return false;
    auto& waitUs = m_streamWaitUs[stream];
    waitUs = std::max(waitUs, it->second);
    return true;
}

void StreamScheduler::synchronize(std::optional<int> stream)
{
    if (!stream) {
        m_hostUs = std::max(m_hostUs, m_allEndUs);
        return;
    }
    const auto it = m_streamEndUs.find(*stream);
    if (it != m_streamEndUs.end())
        m_hostUs = std::max(m_hostUs, it->second);
}

std::optional<double> StreamScheduler::eventTimeUs(const std::string& event) const
{
    const auto it = m_events.find(event);
    if (it == m_events.end())
        return std::nullopt;
    return it->second;
}

double StreamScheduler::totalTimeUs() const
{
    return std::max(m_hostUs, m_allEndUs);
}

} // namespace engine

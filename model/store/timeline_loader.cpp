#include "model/store/timeline_loader.h"

#include "model/export/run_device.h"
#include "model/store/trace_reader.h"

#include <QPointer>

namespace model {

namespace {

/// The run's first launch that has recorded intervals, as a slice over its whole extent.
engine::Result<TimelineSlice> firstLaunch(const std::string& path, qint64 runId, std::uint32_t columns)
{
    auto reader = TraceReader::open(path);
    if (!reader)
        return reader.error();
    auto detail = reader->runDetail(runId);
    if (!detail)
        return detail.error();
    auto launches = reader->launches(runId);
    if (!launches)
        return launches.error();
    TimelineSlice slice;
    slice.runId = runId;
    if (auto device = runDevice(detail.value()))
        slice.clockMhz = device->coreClockMhz;
    for (const auto& launch : launches.value()) {
        if (launch.intervalCount == 0)
            continue;
        slice.launchId = launch.id;
        slice.kernel = QString::fromStdString(launch.kernelName);
        slice.lastCycle = launch.lastCycle;
        slice.launchStartUs = launch.summary.startUs;
        slice.endCycle = launch.lastCycle;
        auto window = reader->timeline(TimelineRequest { launch.id, 0, launch.lastCycle, columns });
        if (!window)
            return window.error();
        slice.window = std::move(window).value();
        return slice;
    }
    return slice; // no recorded intervals: an empty slice the view explains
}

} // namespace

TimelineLoader::TimelineLoader(QObject* parent)
    : QObject(parent)
{
}

void TimelineLoader::showRun(const QString& dbPath, qint64 runId, std::uint32_t columns)
{
    m_path = dbPath;
    QPointer<TimelineLoader> self(this);
    m_jobs.start([self, path = dbPath.toStdString(), runId, columns](quint64 job, std::stop_token) {
        auto slice = firstLaunch(path, runId, columns);
        QMetaObject::invokeMethod(
            self.data(), [self, job, slice = std::move(slice)]() mutable {
                if (self)
                    self->deliver(job, std::move(slice));
            },
            Qt::QueuedConnection);
    });
}

void TimelineLoader::request(std::uint64_t startCycle, std::uint64_t endCycle, std::uint32_t columns)
{
    if (m_shown.launchId == 0 || endCycle <= startCycle)
        return;
    QPointer<TimelineLoader> self(this);
    auto base = m_shown;
    m_jobs.start([self, path = m_path.toStdString(), base, startCycle, endCycle, columns](quint64 job, std::stop_token) mutable {
        engine::Result<TimelineSlice> slice = [&]() -> engine::Result<TimelineSlice> {
            auto reader = TraceReader::open(path);
            if (!reader)
                return reader.error();
            auto window = reader->timeline(TimelineRequest { base.launchId, startCycle, endCycle, columns });
            if (!window)
                return window.error();
            base.startCycle = startCycle;
            base.endCycle = endCycle;
            base.window = std::move(window).value();
            return base;
        }();
        QMetaObject::invokeMethod(
            self.data(), [self, job, slice = std::move(slice)]() mutable {
                if (self)
                    self->deliver(job, std::move(slice));
            },
            Qt::QueuedConnection);
    });
}

void TimelineLoader::deliver(quint64 job, engine::Result<TimelineSlice> slice)
{
    if (!m_jobs.isCurrent(job))
        return;
    if (!slice) {
        Q_EMIT failed(QString::fromStdString(slice.error().toString()));
        return;
    }
    m_shown = slice.value();
    m_shown.window = {};
    Q_EMIT loaded(std::make_shared<const TimelineSlice>(std::move(slice).value()));
}

} // namespace model

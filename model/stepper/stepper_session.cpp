#include "model/stepper/stepper_session.h"

#include "model/device/device_list_model.h"
#include "model/stepper/step_snapshot_builder.h"
#include "model/stepper/stepper_core.h"

#include <algorithm>
#include <chrono>

namespace model {

struct StepperSession::CoreHolder {
    std::unique_ptr<StepperCore> core;
};

struct StepperSession::Delivery {
    std::shared_ptr<const StepSnapshot> snapshot; ///< null when the job failed
    QString error;
};

namespace {

quint64 breakpointKey(int function, int pc)
{
    return (static_cast<quint64>(function) << 32) | static_cast<quint32>(pc);
}

std::set<Breakpoint> toBreakpoints(const QSet<quint64>& keys)
{
    std::set<Breakpoint> out;
    for (const quint64 key : keys)
        out.insert({ static_cast<std::uint32_t>(key >> 32), static_cast<std::uint32_t>(key) });
    return out;
}

} // namespace

StepperSession::StepperSession(std::shared_ptr<const engine::DeviceCatalog> catalog, QObject* parent)
    : QObject(parent)
    , m_catalog(std::move(catalog))
    , m_devices(new DeviceListModel(*m_catalog, this))
    , m_holder(std::make_shared<CoreHolder>())
{
}

StepperSession::~StepperSession()
{
    m_queue.clear();
    m_jobs.requestStop();
    m_jobs.join();
}

void StepperSession::submit(Job job)
{
    m_queue.enqueue(std::move(job));
    if (!m_busy)
        startNext();
}

void StepperSession::startNext()
{
    if (m_queue.isEmpty())
        return;
    Job job = m_queue.dequeue();
    if (!m_busy) {
        m_busy = true;
        Q_EMIT busyChanged(true);
    }
    m_jobs.start([this, job = std::move(job), holder = m_holder, previous = m_snapshot](std::stop_token stop) {
        Delivery delivery = job(*holder, previous, stop);
        QMetaObject::invokeMethod(this, [this, delivery] { deliver(delivery); }, Qt::QueuedConnection);
    });
}

void StepperSession::deliver(const Delivery& delivery)
{
    if (delivery.snapshot) {
        m_snapshot = delivery.snapshot;
        Q_EMIT snapshotChanged(m_snapshot);
    } else if (!delivery.error.isEmpty()) {
        Q_EMIT failed(delivery.error);
    }
    if (!m_queue.isEmpty()) {
        startNext();
        return;
    }
    m_busy = false;
    Q_EMIT busyChanged(false);
}

void StepperSession::reopen(const StepperTarget& target, bool keepPosition)
{
    m_target = target;
    submit([target, keepPosition, catalog = m_catalog, watches = m_watches](CoreHolder& holder,
               std::shared_ptr<const StepSnapshot> previous, const std::stop_token& stop) -> Delivery {
        auto opened = StepperCore::open(target, catalog);
        if (auto* error = std::get_if<QString>(&opened))
            return Delivery { {}, *error };
        auto core = std::move(std::get<std::unique_ptr<StepperCore>>(opened));
        StopReason reason = StopReason::None;
        if (holder.core) {
            const auto selected = holder.core->selectedWarp();
            if (keepPosition)
                reason = core->replay(holder.core->history(), selected, stop);
            else
                core->selectWarp(selected);
        }
        holder.core = std::move(core);
        return Delivery { StepSnapshotBuilder(*holder.core, std::move(previous)).build(watches, reason), {} };
    });
}

void StepperSession::open(const StepperTarget& target)
{
    cancel();
    m_breakpoints.clear();
    Q_EMIT breakpointsChanged();
    m_target = target;
    submit([target, catalog = m_catalog, watches = m_watches](CoreHolder& holder,
               std::shared_ptr<const StepSnapshot>, const std::stop_token&) -> Delivery {
        auto opened = StepperCore::open(target, catalog);
        if (auto* error = std::get_if<QString>(&opened))
            return Delivery { {}, *error };
        holder.core = std::move(std::get<std::unique_ptr<StepperCore>>(opened));
        return Delivery { StepSnapshotBuilder(*holder.core, nullptr).build(watches, StopReason::None), {} };
    });
}

void StepperSession::setDevice(const QString& deviceId)
{
    StepperTarget target = m_target;
    target.deviceId = deviceId;
    reopen(target, true);
}

void StepperSession::selectBlock(const std::array<quint32, 3>& block)
{
    StepperTarget target = m_target;
    target.block = block;
    reopen(target, false);
}

void StepperSession::restart() { reopen(m_target, false); }

void StepperSession::selectWarp(int warp)
{
    submit([warp, watches = m_watches](CoreHolder& holder, std::shared_ptr<const StepSnapshot> previous,
               const std::stop_token&) -> Delivery {
        if (!holder.core)
            return {};
        holder.core->selectWarp(static_cast<std::uint32_t>(warp));
        return Delivery { StepSnapshotBuilder(*holder.core, std::move(previous)).build(watches, StopReason::None), {} };
    });
}

void StepperSession::command(StepperCommand which, int cursorPc)
{
    submit([this, which, cursorPc, breakpoints = toBreakpoints(m_breakpoints), watches = m_watches](
               CoreHolder& holder, std::shared_ptr<const StepSnapshot> previous, const std::stop_token& stop) -> Delivery {
        if (!holder.core)
            return {};
        auto last = std::chrono::steady_clock::now();
        const auto report = [this, &last](quint64 steps) {
            const auto now = std::chrono::steady_clock::now();
            if (now - last < std::chrono::milliseconds(100))
                return;
            last = now;
            QMetaObject::invokeMethod(this, [this, steps] { Q_EMIT progress(steps); }, Qt::QueuedConnection);
        };
        const StopReason reason = holder.core->run(which, cursorPc, breakpoints, stop, report);
        return Delivery { StepSnapshotBuilder(*holder.core, std::move(previous)).build(watches, reason), {} };
    });
}

void StepperSession::step() { command(StepperCommand::Step); }
void StepperSession::stepBack() { command(StepperCommand::StepBack); }
void StepperSession::runToBarrier() { command(StepperCommand::RunToBarrier); }
void StepperSession::runToCursor(int pc) { command(StepperCommand::RunToCursor, pc); }
void StepperSession::continueRun() { command(StepperCommand::Continue); }
void StepperSession::runToEnd() { command(StepperCommand::RunToEnd); }

void StepperSession::cancel()
{
    m_queue.clear();
    m_jobs.requestStop();
}

void StepperSession::toggleBreakpoint(int pc)
{
    const int function = m_snapshot ? m_snapshot->function : 0;
    const quint64 key = breakpointKey(function, pc);
    if (!m_breakpoints.remove(key))
        m_breakpoints.insert(key);
    Q_EMIT breakpointsChanged();
}

QList<int> StepperSession::breakpoints(int function) const
{
    QList<int> pcs;
    for (const quint64 key : m_breakpoints) {
        if (static_cast<int>(key >> 32) == function)
            pcs.push_back(static_cast<int>(static_cast<quint32>(key)));
    }
    std::sort(pcs.begin(), pcs.end());
    return pcs;
}

void StepperSession::setWatches(const QStringList& expressions)
{
    m_watches = expressions;
    command(StepperCommand::Refresh);
}

} // namespace model

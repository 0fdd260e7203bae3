#include "model/store/session_runs.h"

#include "model/store/stored_run_snapshot.h"
#include "model/store/stored_sweep_snapshot.h"
#include "model/store/trace_reader.h"

#include <QFileInfo>
#include <QPointer>

namespace model {

SessionRuns::SessionRuns(QObject* parent)
    : QAbstractListModel(parent)
{
}

SessionRuns::~SessionRuns() = default;

void SessionRuns::setDatabase(const QString& path)
{
    m_path = path;
    setRuns({});
    refresh();
}

void SessionRuns::refresh()
{
    // A session whose first run is still to come has no file yet: no runs, and nothing wrong.
    if (m_path.isEmpty() || !QFileInfo::exists(m_path)) {
        setRuns({});
        Q_EMIT refreshed();
        return;
    }
    QPointer<SessionRuns> self(this);
    m_listing.start([self, path = m_path.toStdString()](quint64 job, std::stop_token) {
        auto runs = [&]() -> engine::Result<std::vector<RunRow>> {
            auto reader = TraceReader::open(path);
            return reader ? reader->runs() : engine::Result<std::vector<RunRow>>(reader.error());
        }();
        QMetaObject::invokeMethod(
            self.data(),
            [self, job, runs = std::move(runs)]() mutable {
                if (!self || !self->m_listing.isCurrent(job))
                    return;
                if (!runs) {
                    Q_EMIT self->failed(QString::fromStdString(runs.error().toString()));
                    return;
                }
                self->setRuns(std::move(runs).value());
                Q_EMIT self->refreshed();
            },
            Qt::QueuedConnection);
    });
}

namespace {

struct LoadedRun {
    engine::Result<RunSnapshot> run;
    std::optional<SweepSnapshot> sweep;
};

LoadedRun readRun(const std::string& path, std::int64_t runId)
{
    auto reader = TraceReader::open(path);
    if (!reader)
        return { reader.error(), std::nullopt };
    auto run = loadStoredRunSnapshot(reader.value(), runId);
    auto sweep = loadStoredSweep(reader.value(), runId);
    return { std::move(run), sweep ? std::move(sweep).value() : std::nullopt };
}

} // namespace

void SessionRuns::loadRun(qint64 runId, bool withSweep)
{
    QPointer<SessionRuns> self(this);
    m_loading.start([self, path = m_path.toStdString(), runId, withSweep](quint64 job, std::stop_token) {
        auto loaded = readRun(path, runId);
        if (!withSweep)
            loaded.sweep.reset();
        QMetaObject::invokeMethod(
            self.data(),
            [self, job, loaded = std::move(loaded)]() mutable {
                if (!self || !self->m_loading.isCurrent(job))
                    return;
                if (!loaded.run) {
                    Q_EMIT self->failed(QString::fromStdString(loaded.run.error().toString()));
                    return;
                }
                Q_EMIT self->runLoaded(std::make_shared<const RunSnapshot>(std::move(loaded.run).value()));
                if (loaded.sweep)
                    Q_EMIT self->sweepLoaded(std::make_shared<const SweepSnapshot>(std::move(*loaded.sweep)));
            },
            Qt::QueuedConnection);
    });
}

void SessionRuns::loadSweeps()
{
    QPointer<SessionRuns> self(this);
    std::vector<std::int64_t> ids;
    for (const auto& run : m_runs)
        ids.push_back(run.id);
    m_sweeps.start([self, path = m_path.toStdString(), ids](quint64 job, std::stop_token stop) {
        std::vector<SweepSnapshot> sweeps;
        if (auto reader = TraceReader::open(path)) {
            for (const auto id : ids) {
                if (stop.stop_requested())
                    return;
                if (auto sweep = loadStoredSweep(reader.value(), id); sweep && sweep.value())
                    sweeps.push_back(std::move(*sweep.value()));
            }
        }
        QMetaObject::invokeMethod(
            self.data(),
            [self, job, sweeps = std::move(sweeps)]() mutable {
                if (!self || !self->m_sweeps.isCurrent(job))
                    return;
                for (auto& sweep : sweeps)
                    Q_EMIT self->sweepLoaded(std::make_shared<const SweepSnapshot>(std::move(sweep)));
                Q_EMIT self->sweepsLoaded();
            },
            Qt::QueuedConnection);
    });
}

void SessionRuns::setRuns(std::vector<RunRow> runs)
{
    beginResetModel();
    m_runs = std::move(runs);
    endResetModel();
}

qint64 SessionRuns::runIdAt(int row) const
{
    return row >= 0 && row < static_cast<int>(m_runs.size()) ? m_runs[static_cast<std::size_t>(row)].id : 0;
}

qint64 SessionRuns::latestRunId() const { return m_runs.empty() ? 0 : m_runs.back().id; }

void SessionRuns::waitForIdle()
{
    m_listing.waitForIdle();
    m_loading.waitForIdle();
    m_sweeps.waitForIdle();
}

int SessionRuns::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_runs.size());
}

QVariant SessionRuns::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= static_cast<int>(m_runs.size()))
        return {};
    const auto& run = m_runs[static_cast<std::size_t>(index.row())];
    const auto scenario = QFileInfo(QString::fromStdString(run.scenarioPath)).fileName();
    if (role == Qt::DisplayRole && run.sweepPointCount > 0 && run.sweepPointCount < run.sweepPointsPlanned)
        return tr("%1 · sweep · %2 · %3 of %4 point(s) on %5 device(s) (stopped)")
            .arg(run.id)
            .arg(scenario)
            .arg(run.sweepPointCount)
            .arg(run.sweepPointsPlanned)
            .arg(run.sweepDeviceCount);
    if (role == Qt::DisplayRole && run.sweepPointCount > 0)
        return tr("%1 · sweep · %2 · %3 point(s) on %4 device(s)")
            .arg(run.id)
            .arg(scenario)
            .arg(run.sweepPointCount)
            .arg(run.sweepDeviceCount);
    if (role == Qt::DisplayRole)
        return tr("%1 · %2 · %3 · %4 launch(es) · %5 µs")
            .arg(run.id)
            .arg(QString::fromStdString(run.deviceId), scenario)
            .arg(run.launchCount)
            .arg(run.totalTimeUs, 0, 'f', 2);
    if (role == Qt::ToolTipRole) {
        QStringList params;
        for (const auto& [name, value] : run.parameters)
            params << QStringLiteral("%1=%2").arg(QString::fromStdString(name)).arg(value);
        return tr("%1\n%2\n%3, warpscope %4")
            .arg(QString::fromStdString(run.scenarioPath), params.join(QStringLiteral(", ")),
                QString::fromStdString(run.date), QString::fromStdString(run.toolVersion));
    }
    if (role == Qt::UserRole)
        return QVariant::fromValue(static_cast<qint64>(run.id));
    return {};
}

} // namespace model

#include "model/roofline/roofline_session.h"

#include "model/store/trace_reader.h"

#include <QPointer>

namespace model {

RooflineSession::RooflineSession(QObject* parent)
    : QObject(parent)
{
}

void RooflineSession::showRun(const QString& dbPath, qint64 runId)
{
    if (dbPath.isEmpty()) {
        m_jobs.cancel();
        m_current.reset();
        emit changed();
        return;
    }
    QPointer<RooflineSession> self(this);
    m_jobs.start([self, path = dbPath.toStdString(), runId](quint64 job, std::stop_token) {
        auto run = [&]() -> engine::Result<RooflineRun> {
            auto reader = TraceReader::open(path);
            if (!reader)
                return reader.error();
            return loadRooflineRun(*reader, runId);
        }();
        QMetaObject::invokeMethod(
            self.data(), [self, job, run = std::move(run)]() mutable {
                if (self)
                    self->deliver(job, std::move(run));
            },
            Qt::QueuedConnection);
    });
}

void RooflineSession::deliver(quint64 job, engine::Result<RooflineRun> run)
{
    if (!m_jobs.isCurrent(job))
        return;
    if (!run) {
        emit failed(QString::fromStdString(run.error().toString()));
        return;
    }
    m_current = std::make_shared<const RooflineRun>(std::move(run).value());
    emit changed();
}

void RooflineSession::pinCurrent()
{
    if (!m_current || m_baselines.contains(m_current))
        return;
    m_baselines.push_back(m_current);
    emit changed();
}

void RooflineSession::clearBaselines()
{
    if (m_baselines.isEmpty())
        return;
    m_baselines.clear();
    emit changed();
}

QVector<std::shared_ptr<const RooflineRun>> RooflineSession::shownRuns() const
{
    auto runs = m_baselines;
    if (m_current && !runs.contains(m_current))
        runs.push_back(m_current);
    return runs;
}

} // namespace model

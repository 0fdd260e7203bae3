#include "model/source/source_session.h"

#include "engine/device/device_catalog.h"
#include "engine/host/kernel_executor.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "model/source/source_model.h"
#include "model/source/source_snapshot_builder.h"

namespace model {

namespace {

using Built = std::variant<SourceSnapshot, QString>;

Built buildSnapshot(const StepperTarget& target, const engine::DeviceCatalog& catalog, std::stop_token stop)
{
    engine::ParamValues overrides;
    for (auto it = target.overrides.begin(); it != target.overrides.end(); ++it)
        overrides[it.key().toStdString()] = it.value();
    auto prepared = engine::prepareScenario(target.scenarioFile.toStdString(), target.deviceId.toStdString(),
        overrides, catalog);
    if (!prepared)
        return QString::fromStdString(prepared.error().toString());
    engine::FunctionalExecutor executor;
    engine::RunOptions options;
    options.stop = std::move(stop);
    auto report = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor, options);
    if (!report)
        return QString::fromStdString(report.error().toString());
    if (report->launches.empty())
        return QStringLiteral("%1: the scenario launches no kernel").arg(target.scenarioFile);
    const ProgramListing listing = buildProgramListing(prepared->module);
    return SourceSnapshotBuilder(prepared->module, listing, *prepared->profile).build(report->launches.front());
}

} // namespace

SourceSession::SourceSession(std::shared_ptr<const engine::DeviceCatalog> catalog, QObject* parent)
    : QObject(parent)
    , m_catalog(std::move(catalog))
    , m_cuda(new SourceModel(SourceModel::Side::Cuda, this))
    , m_ptx(new SourceModel(SourceModel::Side::Ptx, this))
{
}

SourceSession::~SourceSession() = default;

void SourceSession::load(const StepperTarget& target)
{
    m_target = target;
    if (m_running != 0) {
        m_pending = true;
        m_jobs.requestStop();
        return;
    }
    startJob();
}

void SourceSession::setDevice(const QString& deviceId)
{
    StepperTarget target = m_target;
    target.deviceId = deviceId;
    load(target);
}

void SourceSession::startJob()
{
    const quint64 job = ++m_lastJob;
    const bool wasIdle = m_running == 0;
    m_running = job;
    m_pending = false;
    if (wasIdle)
        Q_EMIT busyChanged(true);
    m_jobs.start([this, job, target = m_target, catalog = m_catalog](std::stop_token stop) {
        Built built = buildSnapshot(target, *catalog, std::move(stop));
        std::shared_ptr<const SourceSnapshot> snapshot;
        QString error;
        if (auto* ok = std::get_if<SourceSnapshot>(&built))
            snapshot = std::make_shared<const SourceSnapshot>(std::move(*ok));
        else
            error = std::get<QString>(built);
        QMetaObject::invokeMethod(this, [this, job, snapshot, error] { deliver(job, snapshot, error); },
            Qt::QueuedConnection);
    });
}

void SourceSession::deliver(quint64 job, std::shared_ptr<const SourceSnapshot> snapshot, const QString& error)
{
    if (m_pending) {
        startJob(); // the delivered job is stale: a newer load is waiting
        return;
    }
    m_running = 0;
    Q_EMIT busyChanged(false);
    if (job != m_lastJob)
        return;
    if (!snapshot) {
        Q_EMIT failed(error);
        return;
    }
    m_snapshot = std::move(snapshot);
    m_cuda->setSnapshot(m_snapshot);
    m_ptx->setSnapshot(m_snapshot);
    Q_EMIT snapshotChanged(m_snapshot);
}

} // namespace model

#include "model/report/comparison_loader.h"

#include "model/report/ncu_comparison.h"
#include "model/report/run_comparison.h"
#include "model/store/trace_reader.h"

#include <QMetaObject>
#include <QPointer>

namespace model {

ComparisonLoader::ComparisonLoader(QObject* parent)
    : QObject(parent)
{
}

/// Runs `work(reader-free)` on a worker; `work` returns a callable that the GUI thread runs to deliver.
template <typename Work>
void ComparisonLoader::start(Work work)
{
    QPointer<ComparisonLoader> self(this);
    m_jobs.start([self, work = std::move(work)](quint64 job, std::stop_token) {
        auto deliver = work();
        QMetaObject::invokeMethod(
            self.data(),
            [self, job, deliver = std::move(deliver)] {
                if (self && self->m_jobs.isCurrent(job))
                    deliver(*self);
            },
            Qt::QueuedConnection);
    });
}

namespace {

using Delivery = std::function<void(ComparisonLoader&)>;

Delivery failure(const engine::Error& error)
{
    return [message = QString::fromStdString(error.toString())](ComparisonLoader& loader) { emit loader.failed(message); };
}

} // namespace

void ComparisonLoader::listRuns(const QString& dbPath)
{
    start([path = dbPath.toStdString()]() -> Delivery {
        auto reader = TraceReader::open(path);
        if (!reader)
            return failure(reader.error());
        auto runs = reader->runs();
        if (!runs)
            return failure(runs.error());
        return [runs = std::move(runs).value()](ComparisonLoader& loader) { emit loader.runsListed(runs); };
    });
}

void ComparisonLoader::compareRuns(const QString& dbPath, qint64 runA, qint64 runB)
{
    start([path = dbPath.toStdString(), runA, runB]() -> Delivery {
        auto reader = TraceReader::open(path);
        if (!reader)
            return failure(reader.error());
        auto comparison = model::compareRuns(reader.value(), runA, runB);
        if (!comparison)
            return failure(comparison.error());
        return [table = comparisonTable(comparison.value())](ComparisonLoader& loader) { emit loader.compared(table); };
    });
}

void ComparisonLoader::compareWithNcu(const QString& dbPath, qint64 run, const QString& ncuFile)
{
    start([path = dbPath.toStdString(), run, ncuFile]() -> Delivery {
        auto records = engine::loadNcuCsv(ncuFile.toStdString());
        if (!records)
            return failure(records.error());
        auto reader = TraceReader::open(path);
        if (!reader)
            return failure(reader.error());
        auto comparison = model::compareWithNcu(reader.value(), run, records.value());
        if (!comparison)
            return failure(comparison.error());
        return [table = comparisonTable(comparison.value(), ncuFile)](ComparisonLoader& loader) { emit loader.compared(table); };
    });
}

} // namespace model

#include "model/report/comparison_table.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace model {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("model::ComparisonTable", text); }

QString runTitle(const RunRow& run)
{
    return tr("run %1 (%2)").arg(run.id).arg(QString::fromStdString(run.deviceId));
}

ComparisonRow rowOf(const QString& launch, const MetricDifference& d)
{
    return ComparisonRow { launch, QString::fromUtf8(d.key.data(), static_cast<qsizetype>(d.key.size())),
        QString::fromUtf8(d.label.data(), static_cast<qsizetype>(d.label.size())), d.a, d.b };
}

} // namespace

ComparisonTable comparisonTable(const RunComparison& comparison)
{
    ComparisonTable table { runTitle(comparison.a), runTitle(comparison.b), {}, {} };
    table.rows.push_back(rowOf(tr("run"), comparison.totalTimeUs));
    for (const auto& launch : comparison.launches) {
        const auto& kernel = launch.kernelA.empty() ? launch.kernelB : launch.kernelA;
        const auto name = QStringLiteral("%1 %2").arg(launch.index).arg(QString::fromStdString(kernel));
        if (launch.kernelA.empty() || launch.kernelB.empty())
            table.notes << tr("Launch %1 exists in one run only.").arg(name);
        else if (launch.kernelA != launch.kernelB)
            table.notes << tr("Launch %1 runs %2 in one run and %3 in the other.")
                               .arg(launch.index)
                               .arg(QString::fromStdString(launch.kernelA), QString::fromStdString(launch.kernelB));
        for (const auto& d : launch.metrics)
            table.rows.push_back(rowOf(name, d));
    }
    return table;
}

ComparisonTable comparisonTable(const NcuComparison& comparison, const QString& ncuFile)
{
    ComparisonTable table { tr("measured (%1)").arg(QFileInfo(ncuFile).fileName()), tr("model, %1").arg(runTitle(comparison.run)),
        {}, {} };
    for (const auto& launch : comparison.launches) {
        const auto name = QStringLiteral("%1 %2").arg(launch.index).arg(QString::fromStdString(launch.kernel));
        for (const auto& d : launch.metrics)
            table.rows.push_back(rowOf(name, d));
    }
    for (const auto& line : comparison.unmatched)
        table.notes << QString::fromStdString(line);
    if (comparison.launches.empty())
        table.notes << tr("No launch of the run matches a kernel of the export.");
    return table;
}

} // namespace model

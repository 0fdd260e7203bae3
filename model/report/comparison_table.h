#pragma once

#include "model/report/ncu_comparison.h"
#include "model/report/run_comparison.h"

#include <QString>
#include <QStringList>
#include <QVector>

#include <optional>

namespace model {

/// One metric of one launch, two sides.
struct ComparisonRow {
    QString launch; ///< "0 offsetCopy"
    QString metric; ///< the `run --json` key
    QString label;
    std::optional<double> a;
    std::optional<double> b;

    std::optional<double> difference() const { return a && b ? std::optional(*b - *a) : std::nullopt; }
    std::optional<double> relative() const
    {
        return a && b && *a != 0.0 ? std::optional((*b - *a) / *a) : std::nullopt;
    }
};

/// A comparison ready for a table: what the two columns are, the rows, and notes (launches left out).
struct ComparisonTable {
    QString titleA; ///< "run 3 (v100)" or "measured (ncu)"
    QString titleB;
    QVector<ComparisonRow> rows;
    QStringList notes;
};

ComparisonTable comparisonTable(const RunComparison& comparison);
ComparisonTable comparisonTable(const NcuComparison& comparison, const QString& ncuFile);

} // namespace model

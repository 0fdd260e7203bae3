#pragma once

#include "views/plot/qcustomplot.h"

namespace views {

/// Ticks for an axis in bytes: power-of-two steps, labels in B/KiB/MiB (axis_math.h).
class ByteAxisTicker : public QCPAxisTicker {
public:
    ByteAxisTicker();

protected:
    double getTickStep(const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;
};

} // namespace views

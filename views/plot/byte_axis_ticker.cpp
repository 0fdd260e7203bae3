#include "views/plot/byte_axis_ticker.h"

#include "views/plot/axis_math.h"

namespace views {

ByteAxisTicker::ByteAxisTicker()
{
    setTickCount(7);
}

double ByteAxisTicker::getTickStep(const QCPRange& range)
{
    return niceBinaryStep(range.size(), tickCount());
}

QString ByteAxisTicker::getTickLabel(double tick, const QLocale&, QChar, int)
{
    return formatBytes(tick);
}

} // namespace views

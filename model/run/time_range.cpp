#include "model/run/time_range.h"

#include <algorithm>

namespace model {

TimeRange TimeRange::between(double a, double b) { return { std::min(a, b), std::max(a, b) }; }

QString describe(const TimeRange& range)
{
    const auto format = [](double us) { return QString::number(us, 'f', us < 10 ? 2 : 1); };
    return QStringLiteral("%1 – %2 µs").arg(format(range.startUs), format(range.endUs));
}

void placeLaunchesOnTimeline(RunSnapshot& snapshot)
{
    int next = 0;
    for (const auto& bar : std::as_const(snapshot.timeline)) {
        if (bar.kind != TimelineOpKind::Kernel || next >= snapshot.launches.size())
            continue;
        snapshot.launches[next].startUs = bar.startUs;
        snapshot.launches[next].endUs = bar.endUs;
        ++next;
    }
}

QVector<int> launchesIn(const RunSnapshot& snapshot, const std::optional<TimeRange>& range)
{
    QVector<int> out;
    for (int i = 0; i < snapshot.launches.size(); ++i) {
        const auto& launch = snapshot.launches[i];
        const bool inside = !range || range->overlaps(launch.startUs, launch.endUs)
            || (launch.endUs <= launch.startUs && launch.startUs >= range->startUs && launch.startUs <= range->endUs);
        if (inside)
            out.push_back(i);
    }
    return out;
}

} // namespace model

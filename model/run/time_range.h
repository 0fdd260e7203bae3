#pragma once

#include "model/run/run_snapshot.h"

#include <QString>
#include <QVector>

#include <optional>

namespace model {

/// An interval of a run's timeline in microseconds from the run's start: the stream view's unit. Every
/// view filters to it; the warp timeline converts with its launch's start and the device's clock.
struct TimeRange {
    double startUs = 0;
    double endUs = 0;

    /// Orders the ends; a range always has startUs ≤ endUs.
    static TimeRange between(double a, double b);
    bool overlaps(double fromUs, double toUs) const { return fromUs < endUs && toUs > startUs; }
    bool operator==(const TimeRange&) const = default;
};

/// "12.5 – 40.0 µs", for menu texts and headers.
QString describe(const TimeRange& range);

/// Gives each launch the start and end of its kernel bar: the k-th kernel on the timeline is the k-th launch,
/// as the scenario issues them.
void placeLaunchesOnTimeline(RunSnapshot& snapshot);

/// Indices of the launches of `snapshot` that overlap `range`; all of them when there is no range. A launch
/// that took no modeled time (functional runs) is inside every range that covers its start.
QVector<int> launchesIn(const RunSnapshot& snapshot, const std::optional<TimeRange>& range);

} // namespace model

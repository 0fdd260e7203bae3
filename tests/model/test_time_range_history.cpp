// The one time range of all views: launches inside a range, and the undo/redo history of selections.
#include "model/run/time_range_history.h"
#include "tests/model/model_test_suites.h"

#include <QSignalSpy>
#include <QTest>

namespace {

model::RunSnapshot threeLaunches()
{
    // A copy, then kernels at [10, 20] and [30, 50] µs, then a kernel that took no modeled time at 60 µs.
    model::RunSnapshot s;
    s.timeline = { { model::TimelineOpKind::MemcpyHostToDevice, model::TimelineEngine::Copy, 0, "h_in -> idata", 4096, 0, 10 },
        { model::TimelineOpKind::Kernel, model::TimelineEngine::Compute, 0, "a", 0, 10, 20 },
        { model::TimelineOpKind::Kernel, model::TimelineEngine::Compute, 0, "b", 0, 30, 50 },
        { model::TimelineOpKind::Kernel, model::TimelineEngine::Compute, 0, "c", 0, 60, 60 } };
    s.launches.resize(3);
    model::placeLaunchesOnTimeline(s);
    return s;
}

class TimeRangeHistoryTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void launchesTakeTheirKernelBars()
    {
        const auto s = threeLaunches();
        QCOMPARE(s.launches[0].startUs, 10.0);
        QCOMPARE(s.launches[1].endUs, 50.0);
        QCOMPARE(s.launches[2].startUs, 60.0);
    }

    void rangeKeepsOverlappingLaunches()
    {
        const auto s = threeLaunches();
        QCOMPARE(model::launchesIn(s, std::nullopt), (QVector<int> { 0, 1, 2 }));
        QCOMPARE(model::launchesIn(s, model::TimeRange::between(45, 15)), (QVector<int> { 0, 1 }));
        QCOMPARE(model::launchesIn(s, model::TimeRange { 20, 30 }), QVector<int> {}); // touching ends only
        QCOMPARE(model::launchesIn(s, model::TimeRange { 55, 65 }), (QVector<int> { 2 }));
    }

    void undoAndRedoWalkTheSteps()
    {
        model::TimeRangeHistory history;
        QSignalSpy changed(&history, &model::TimeRangeHistory::changed);
        QVERIFY(!history.current());
        QVERIFY(!history.canUndo());
        history.select({ 10, 20 });
        history.select({ 12, 14 });
        QCOMPARE(changed.size(), 2);
        QCOMPARE(*history.current(), (model::TimeRange { 12, 14 }));
        QCOMPARE(history.undoText(), QStringLiteral("Select 12.0 – 14.0 µs"));
        history.undo();
        QCOMPARE(*history.current(), (model::TimeRange { 10, 20 }));
        QCOMPARE(history.redoText(), QStringLiteral("Select 12.0 – 14.0 µs"));
        history.undo();
        QVERIFY(!history.current());
        QVERIFY(!history.canUndo());
        history.redo();
        history.redo();
        QCOMPARE(*history.current(), (model::TimeRange { 12, 14 }));
        QVERIFY(!history.canRedo());
        history.clear();
        QVERIFY(!history.current());
        QCOMPARE(history.undoText(), QStringLiteral("Show Whole Run"));
        history.undo();
        QCOMPARE(*history.current(), (model::TimeRange { 12, 14 }));
    }

    void newStepAfterUndoDropsTheUndoneSteps()
    {
        model::TimeRangeHistory history;
        history.select({ 1, 2 });
        history.select({ 3, 4 });
        history.undo();
        history.select({ 5, 6 });
        QVERIFY(!history.canRedo());
        history.undo();
        QCOMPARE(*history.current(), (model::TimeRange { 1, 2 }));
    }

    void clicksAndRepeatsAreNotSteps()
    {
        model::TimeRangeHistory history;
        QSignalSpy changed(&history, &model::TimeRangeHistory::changed);
        history.select({ 5, 5 });
        history.clear();
        QCOMPARE(changed.size(), 0);
        history.select({ 1, 2 });
        history.select({ 1, 2 });
        QCOMPARE(changed.size(), 1);
        history.reset();
        QVERIFY(!history.current());
        QVERIFY(!history.canUndo());
    }
};

} // namespace

std::unique_ptr<QObject> model::tests::makeTimeRangeHistoryTest() { return std::make_unique<TimeRangeHistoryTest>(); }

#include "test_time_range_history.moc"

// While a scenario runs, each launch's results show as soon as the launch ends (RunController::partial) — the
// views that read databases from the scratch database the run records them in — and what the user chooses
// meanwhile survives the whole run's arrival.
#include "tests/views/open_and_run.h"
#include "tests/views/views_test_suites.h"

#include "app/gui/main_window.h"
#include "app/gui/roofline_docks.h"
#include "app/gui/run_session.h"
#include "model/device/device_catalog_load.h"
#include "model/roofline/roofline_session.h"
#include "model/run/run_controller.h"
#include "model/run/time_range_history.h"
#include "model/store/timeline_loader.h"
#include "views/roofline/roofline_chart.h"
#include "views/roofline/roofline_view.h"
#include "views/streams/stream_timeline_canvas.h"
#include "views/streams/stream_view.h"
#include "views/summary/launch_summary_panel.h"
#include "views/timeline/warp_timeline_canvas.h"
#include "views/timeline/warp_timeline_view.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QTreeWidget>

#include <optional>

namespace views::tests {

namespace {

/// A launch's rows in the Launch Summary, "name = value" a line.
QString countersOf(const QTreeWidgetItem* launch)
{
    QString text;
    for (int i = 0; i < launch->childCount(); ++i)
        text += launch->child(i)->text(0) + QStringLiteral(" = ") + launch->child(i)->text(1) + QLatin1Char('\n');
    return text;
}

} // namespace

class PartialRunViewsTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theFirstLaunchShowsBeforeTheRunFinishes()
    {
        app::MainWindow window(model::loadDeviceCatalog({}));
        QSignalSpy idle(window.session(), &app::RunSession::idle);
        auto* runs = window.session()->runController();
        // What the views show when the first partial result arrives (RunSession's handler ran before this one).
        int launchesShown = -1;
        bool stillRunning = false;
        QString header;
        QString status;
        QString firstKernel;
        QString firstCounters;
        connect(runs, &model::RunController::partial, this, [&](quint64, std::shared_ptr<const model::RunSnapshot>) {
            if (launchesShown >= 0)
                return;
            auto* tree = window.launchSummary()->tree();
            launchesShown = tree->topLevelItemCount();
            stillRunning = runs->isRunning() && window.session()->isBusy();
            header = window.launchSummary()->headerText();
            status = window.statusBar()->currentMessage();
            firstKernel = tree->topLevelItem(0)->text(0);
            firstCounters = countersOf(tree->topLevelItem(0));
        });
        QVERIFY(openAndRun(window, QStringLiteral("staged_copy_4_streams.json"), idle));
        QCOMPARE(launchesShown, 1);
        QVERIFY(stillRunning);
        QVERIFY2(header.contains(QStringLiteral("of 4 so far")), qPrintable(header));
        QVERIFY2(status.contains(QStringLiteral("Launch 1 of 4 done")), qPrintable(status));
        // The first launch's counters were already the final ones.
        auto* tree = window.launchSummary()->tree();
        QCOMPARE(tree->topLevelItemCount(), 4);
        QCOMPARE(firstKernel, tree->topLevelItem(0)->text(0));
        QVERIFY(!firstCounters.isEmpty());
        QCOMPARE(firstCounters, countersOf(tree->topLevelItem(0)));
        QVERIFY(!window.launchSummary()->headerText().contains(QStringLiteral("so far")));
    }

    void theWarpTimelineAndTheRooflineShowTheFirstLaunchBeforeTheRunFinishes()
    {
        app::MainWindow window(model::loadDeviceCatalog({}));
        QSignalSpy idle(window.session(), &app::RunSession::idle);
        auto* runs = window.session()->runController();
        auto* timeline = window.warpTimeline();
        auto* roofline = window.rooflineDocks();
        bool seen = false;
        bool stillRunning = false;
        QString kernel;
        QString timelineHeader;
        QString timelineHeaderAgain;
        int warpRows = 0;
        std::size_t rooflineLaunches = 0;
        int rooflineDots = 0;
        connect(runs, &model::RunController::partial, this, [&](quint64, std::shared_ptr<const model::RunSnapshot> s) {
            if (seen)
                return;
            seen = true;
            // RunSession's handler asked both views for the scratch database: let their reads land, and only
            // theirs (the run's own later results stay queued).
            timeline->loader()->waitForIdle();
            QCoreApplication::sendPostedEvents(timeline->loader(), QEvent::MetaCall);
            roofline->session()->waitForIdle();
            QCoreApplication::sendPostedEvents(roofline->session(), QEvent::MetaCall);
            stillRunning = runs->isRunning();
            kernel = s->launches.front().kernel;
            timelineHeader = timeline->headerText();
            warpRows = timeline->canvas()->rowCount();
            const auto current = roofline->session()->current();
            rooflineLaunches = current ? current->launches.size() : 0;
            rooflineDots = roofline->rooflineView()->chart()->dotCount();
            timeline->showRunSoFar(s->databasePath, s->runId); // as the next launch's results do
            timelineHeaderAgain = timeline->headerText();
        });
        QVERIFY(openAndRun(window, QStringLiteral("staged_copy_4_streams.json"), idle));
        QVERIFY(seen);
        QVERIFY(stillRunning);
        QVERIFY2(
            timelineHeader.startsWith(QStringLiteral("The run so far, %1: ").arg(kernel)), qPrintable(timelineHeader));
        QVERIFY(warpRows > 0);
        QCOMPARE(timelineHeaderAgain, timelineHeader); // the launch shown stays, zoom and all
        QCOMPARE(rooflineLaunches, std::size_t { 1 });
        QVERIFY(rooflineDots > 0);
        // The whole run then comes from the session database.
        QTRY_VERIFY_WITH_TIMEOUT(timeline->headerText().startsWith(QStringLiteral("Run ")), 30000);
        QTRY_VERIFY_WITH_TIMEOUT(
            roofline->session()->current() && roofline->session()->current()->launches.size() == 4, 30000);
    }

    void aRangeChosenWhileTheRunGoesOnStaysChosen()
    {
        app::MainWindow window(model::loadDeviceCatalog({}));
        QSignalSpy idle(window.session(), &app::RunSession::idle);
        auto* runs = window.session()->runController();
        std::optional<model::TimeRange> chosen;
        connect(runs, &model::RunController::partial, this, [&](quint64, std::shared_ptr<const model::RunSnapshot> s) {
            if (chosen || s->launches.isEmpty())
                return;
            const auto& first = s->launches.front(); // the user drags over the first launch while the rest run
            chosen = model::TimeRange { first.startUs, first.endUs };
            Q_EMIT window.streamView()->canvas()->rangeSelected(chosen->startUs, chosen->endUs);
        });
        QVERIFY(openAndRun(window, QStringLiteral("staged_copy_4_streams.json"), idle));
        QVERIFY(chosen);
        QVERIFY(window.timeRange()->current());
        QCOMPARE(*window.timeRange()->current(), *chosen); // the whole run came, the range stayed
        QVERIFY(window.launchSummary()->tree()->topLevelItemCount() < 4);

        QVERIFY(openAndRun(window, QStringLiteral("staged_copy_4_streams.json"), idle));
        QVERIFY(!window.timeRange()->current()); // a new run starts with the whole of it
    }
};

std::unique_ptr<QObject> makePartialRunViewsTest()
{
    return std::make_unique<PartialRunViewsTest>();
}

} // namespace views::tests

#include "test_partial_run_views.moc"

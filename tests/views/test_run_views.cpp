#include "tests/views/views_test_suites.h"
#include "tests/views/open_and_run.h"

#include "app/gui/main_window.h"
#include "app/gui/parameter_bar.h"
#include "app/gui/command_line.h"
#include "app/gui/run_session.h"
#include "app/gui/session_controller.h"
#include "app/gui/sweep_dialog.h"
#include "model/device/device_catalog_load.h"
#include "model/device/device_list_model.h"
#include "model/occupancy/launch_inputs.h"
#include "model/occupancy/occupancy_model.h"
#include "model/run/run_controller.h"
#include "model/run/time_range_history.h"
#include "views/bandwidth/bandwidth_chart.h"
#include "views/bandwidth/bandwidth_view.h"
#include "views/memory/launch_memory_chart.h"
#include "views/occupancy/occupancy_view.h"
#include "views/plot/qcustomplot.h"
#include "views/streams/range_band.h"
#include "views/streams/stream_timeline_canvas.h"
#include "views/streams/stream_view.h"
#include "views/summary/launch_summary_panel.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <QTreeWidget>
#include <QWheelEvent>

namespace views::tests {

namespace {

std::shared_ptr<const model::SweepSnapshot> sweepOf(int devices, int points, bool timed)
{
    auto snapshot = std::make_shared<model::SweepSnapshot>();
    snapshot->param = QStringLiteral("offset");
    snapshot->timed = timed;
    for (int d = 0; d < devices; ++d) {
        model::SweepSeries series;
        series.deviceId = QStringLiteral("dev%1").arg(d);
        series.deviceName = QStringLiteral("Device %1").arg(d);
        series.theoreticalBandwidthGBps = 100.0 * (d + 1);
        for (int i = 0; i < points; ++i) {
            series.x.push_back(i);
            for (const auto metric : model::allSweepMetrics())
                if (timed || metric != model::SweepMetric::EffectiveBandwidth)
                    series.y.at(static_cast<std::size_t>(metric)).push_back(i % 8 == 0 ? 4.0 : 5.0);
        }
        snapshot->devices.push_back(series);
    }
    return snapshot;
}

std::shared_ptr<const model::RunSnapshot> runWithOneLaunch()
{
    auto snapshot = std::make_shared<model::RunSnapshot>();
    snapshot->scenarioFile = QStringLiteral("/x/offset_copy.json");
    snapshot->deviceName = QStringLiteral("H100");
    snapshot->transactionUnit = QStringLiteral("sectors");
    snapshot->params = { { QStringLiteral("offset"), 1 } };
    model::LaunchSummary launch;
    launch.kernel = QStringLiteral("offsetCopy");
    launch.grid = { 1024, 1, 1 };
    launch.block = { 256, 1, 1 };
    launch.loadRequests = 8192;
    launch.loadSectors = 40960;
    launch.loadTransactions = 40960;
    launch.loadEfficiency = 0.8;
    snapshot->launches.push_back(launch);
    snapshot->timeline.push_back({ model::TimelineOpKind::Kernel, model::TimelineEngine::Compute, 0,
        QStringLiteral("offsetCopy"), 0, 0, 10 });
    snapshot->totalTimeUs = 10;
    return snapshot;
}

/// Two timed launches, [0, 10] and [20, 30] µs, then an untimed copy's worth of nothing.
std::shared_ptr<const model::RunSnapshot> runWithTwoTimedLaunches()
{
    auto snapshot = std::make_shared<model::RunSnapshot>(*runWithOneLaunch());
    snapshot->kernelsTimed = true;
    auto& first = snapshot->launches[0];
    first.timeUs = 10;
    first.l1HitRate = 0.25;
    first.l2HitRate = 0.5;
    first.dramBytesRead = 1 << 20;
    first.dramBytesWritten = 1 << 19;
    first.bytesRequested = 1 << 21;
    auto second = first;
    second.kernel = QStringLiteral("strideCopy");
    second.l1HitRate.reset(); // no L1 lookups
    second.storeRequests = 10;
    second.storeEfficiency = 0.5;
    snapshot->launches.push_back(second);
    snapshot->timeline.push_back({ model::TimelineOpKind::Kernel, model::TimelineEngine::Compute, 0,
        QStringLiteral("strideCopy"), 0, 20, 30 });
    snapshot->totalTimeUs = 30;
    model::placeLaunchesOnTimeline(*snapshot);
    return snapshot;
}

double barValue(QCPBars* bars, int index) { return (bars->data()->constBegin() + index)->value; }

class RunViewsTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { QSettings().clear(); }

    void bandwidthViewDrawsOneGraphPerDevice()
    {
        BandwidthView view;
        view.setSnapshot(sweepOf(4, 33, false));
        auto* plot = view.chart()->plot();
        QCOMPARE(plot->graphCount(), 4);
        for (int g = 0; g < 4; ++g)
            QCOMPARE(plot->graph(g)->dataCount(), 33);
        QCOMPARE(view.metric(), model::SweepMetric::LoadTransactionsPerRequest);
        QCOMPARE(view.metricPicker()->count(), 4); // no bandwidth without timing
        QCOMPARE(plot->itemCount(), 1); // the tracer only: no theoretical lines for counters
        QVERIFY(plot->yAxis->label().contains(QStringLiteral("not timed")));
    }

    void bandwidthMetricAddsTheoreticalLines()
    {
        BandwidthView view;
        view.setSnapshot(sweepOf(3, 5, true));
        QCOMPARE(view.metric(), model::SweepMetric::EffectiveBandwidth);
        auto* plot = view.chart()->plot();
        int lines = 0;
        for (int i = 0; i < plot->itemCount(); ++i)
            lines += qobject_cast<QCPItemStraightLine*>(plot->item(i)) ? 1 : 0;
        QCOMPARE(lines, 3);
        QVERIFY(plot->yAxis->range().upper >= 300.0);
        QVERIFY(view.setMetric(model::SweepMetric::LoadEfficiency));
        QCOMPARE(plot->graphCount(), 3);
    }

    void sweepsOfTwoParametersGetAChartEach()
    {
        BandwidthView view;
        view.setSnapshot(sweepOf(2, 33, true));
        auto stride = std::make_shared<model::SweepSnapshot>(*sweepOf(3, 32, true));
        stride->param = QStringLiteral("stride");
        view.setSnapshot(stride);
        QCOMPARE(view.chartCount(), 2);
        QCOMPARE(view.chart(), view.chartAt(1));
        QCOMPARE(view.chartAt(0)->plot()->xAxis->label(), QStringLiteral("offset"));
        QCOMPARE(view.chartAt(1)->plot()->graphCount(), 3);
        view.setSnapshot(sweepOf(4, 33, true)); // a new offset sweep replaces the first chart
        QCOMPARE(view.chartCount(), 2);
        QCOMPARE(view.chart(), view.chartAt(0));
        QCOMPARE(view.chartAt(0)->plot()->graphCount(), 4);
        view.clear();
        QCOMPARE(view.chartCount(), 0);
        QVERIFY(view.chart() == nullptr);
    }

    void percentOfTheoreticalPutsDevicesOnOneScale()
    {
        BandwidthView view;
        view.setSnapshot(sweepOf(2, 8, true)); // 4 or 5 GB/s; theoretical 100 and 200 GB/s
        QVERIFY(view.percentBox()->isEnabled());
        view.setPercentOfTheoretical(true);
        auto* plot = view.chart()->plot();
        QVERIFY(view.chart()->showsPercent());
        QCOMPARE(plot->graph(0)->dataMainValue(0), 4.0); // 4 of 100 GB/s
        QCOMPARE(plot->graph(1)->dataMainValue(0), 2.0); // 4 of 200 GB/s
        QVERIFY(plot->yAxis->label().contains(QStringLiteral("% of theoretical")));
        int lines = 0;
        for (int i = 0; i < plot->itemCount(); ++i)
            lines += qobject_cast<QCPItemStraightLine*>(plot->item(i)) ? 1 : 0;
        QCOMPARE(lines, 1); // one 100 % line instead of a line per device
        QVERIFY(view.setMetric(model::SweepMetric::LoadEfficiency));
        QVERIFY(!view.percentBox()->isEnabled());
        QVERIFY(!view.chart()->showsPercent());
    }

    void hoverReadsOutTheNearestPoint()
    {
        BandwidthView view;
        view.resize(800, 500);
        view.setSnapshot(sweepOf(1, 9, false));
        auto* plot = view.chart()->plot();
        plot->replot();
        const QPointF pixel(plot->xAxis->coordToPixel(8), plot->yAxis->coordToPixel(4.0));
        const auto text = view.chart()->readoutAt(pixel);
        QVERIFY2(text.contains(QStringLiteral("offset = 8")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("Device 0")));
        QVERIFY(!text.contains(QStringLiteral("sampled")));

        auto sampled = std::make_shared<model::SweepSnapshot>(*sweepOf(1, 9, false));
        sampled->devices[0].simulatedShare = QVector<double>(9, 1.0);
        sampled->devices[0].simulatedShare[8] = 0.25;
        sampled->sampledPoints = 1;
        view.setSnapshot(sampled);
        plot->replot();
        const auto readout = view.chart()->readoutAt(pixel);
        QVERIFY2(readout.contains(QStringLiteral("sampled: 25 % of the blocks simulated")), qPrintable(readout));
    }

    void pinnedBaselineSharesTheTimeScale()
    {
        StreamView view;
        view.resize(900, 600);
        view.show();
        auto shorter = std::make_shared<model::RunSnapshot>(*runWithOneLaunch()); // 10 µs
        auto longer = std::make_shared<model::RunSnapshot>(*runWithOneLaunch());
        longer->totalTimeUs = 40;
        longer->timeline[0].endUs = 40;
        view.setSnapshot(longer);
        QVERIFY(!view.hasBaseline());
        view.pinBaseline();
        view.setSnapshot(shorter);
        QVERIFY(view.hasBaseline());
        QVERIFY(view.baselineCanvas()->isVisible());
        // Both fitted to the longer run: one µs is as many pixels above as below.
        QCOMPARE(view.canvas()->axis().usPerPixel, view.baselineCanvas()->axis().usPerPixel);
        const double pixelsPerRun = 40.0 / view.canvas()->axis().usPerPixel;
        QVERIFY(pixelsPerRun < view.canvas()->width());
        // Zooming the current run zooms the baseline with it.
        QWheelEvent wheel(QPointF(400, 40), view.canvas()->mapToGlobal(QPointF(400, 40)), QPoint(), QPoint(0, 240),
            Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view.canvas(), &wheel);
        QCOMPARE(view.baselineCanvas()->axis().usPerPixel, view.canvas()->axis().usPerPixel);
        QCOMPARE(view.baselineCanvas()->axis().startUs, view.canvas()->axis().startUs);
        view.setBaseline(nullptr);
        QVERIFY(!view.baselineCanvas()->isVisible());
    }

    void summaryShowsCountersAndGuidance()
    {
        LaunchSummaryPanel panel;
        panel.setSnapshot(runWithOneLaunch());
        auto* tree = panel.tree();
        QCOMPARE(tree->topLevelItemCount(), 1);
        auto* launch = tree->topLevelItem(0);
        QCOMPARE(launch->text(0), QStringLiteral("offsetCopy"));
        QVERIFY(launch->text(1).contains(QStringLiteral("grid (1024, 1, 1)")));
        QStringList rows;
        for (int i = 0; i < launch->childCount(); ++i)
            rows << launch->child(i)->text(0) + QStringLiteral(" = ") + launch->child(i)->text(1);
        const auto all = rows.join(QLatin1Char('\n'));
        QVERIFY2(all.contains(QStringLiteral("Global load sectors = 40960 (5.00/req)")), qPrintable(all));
        QVERIFY(all.contains(QStringLiteral("Global load efficiency = 80 %")));
        QVERIFY(panel.guidance()->text().contains(QStringLiteral("§9.2.1.3")));
    }

    void summaryShowsSharedBankConflictsWhenTheIdealIsKnown()
    {
        auto snapshot = std::make_shared<model::RunSnapshot>(*runWithOneLaunch());
        auto& launch = snapshot->launches.front();
        launch.sharedLoadRequests = 4;
        launch.sharedLoadWavefronts = 24;
        launch.sharedLoadIdealWavefronts = 16; // 16-byte loads: 4 a request without conflicts
        snapshot->launches.push_back(launch);
        snapshot->launches.back().sharedLoadIdealWavefronts = 0; // a run stored without them
        LaunchSummaryPanel panel;
        panel.setSnapshot(snapshot);
        QCOMPARE(panel.tree()->topLevelItemCount(), 2);
        const auto rowsOf = [&](int index) {
            QStringList rows;
            auto* item = panel.tree()->topLevelItem(index);
            for (int i = 0; i < item->childCount(); ++i)
                rows << item->child(i)->text(0) + QStringLiteral(" = ") + item->child(i)->text(1);
            return rows.join(QLatin1Char('\n'));
        };
        const auto known = rowsOf(0);
        QVERIFY2(known.contains(QStringLiteral("Shared load wavefronts = 24 (6.00/req)")), qPrintable(known));
        QVERIFY2(known.contains(QStringLiteral("Shared bank conflicts = 8 (2.00/req)")), qPrintable(known));
        const auto unknown = rowsOf(1);
        QVERIFY2(!unknown.contains(QStringLiteral("Shared bank conflicts")), qPrintable(unknown));
    }

    void rulerMeasuresBetweenTwoClicks()
    {
        StreamView view;
        view.resize(1000, 300);
        view.setSnapshot(runWithOneLaunch());
        auto* canvas = view.canvas();
        const auto& axis = canvas->axis();
        const int y = 10;
        QTest::mouseClick(canvas, Qt::LeftButton, {}, QPoint(static_cast<int>(axis.toPixel(2.0)), y));
        QTest::mouseClick(canvas, Qt::LeftButton, {}, QPoint(static_cast<int>(axis.toPixel(7.0)), y));
        QCOMPARE(canvas->rulerPoints().size(), 2);
        const double measured = canvas->rulerPoints().back() - canvas->rulerPoints().front();
        QVERIFY2(std::abs(measured - 5.0) < 2 * axis.usPerPixel, qPrintable(canvas->rulerText()));
        QVERIFY(canvas->rulerText().startsWith(QStringLiteral("Δ ")));
        QVERIFY(view.header()->text().contains(QStringLiteral("offset_copy.json")));
    }

    void launchMemoryChartDrawsRatesAndBytesPerLaunch()
    {
        LaunchMemoryChart chart;
        chart.setSnapshot(runWithTwoTimedLaunches());
        QCOMPARE(chart.shownLaunches(), (QVector<int> { 0, 1 }));
        auto* l1 = chart.rateBars(LaunchMemoryChart::L1HitRate);
        QCOMPARE(l1->data()->size(), 2);
        QCOMPARE(barValue(l1, 0), 25.0);
        QCOMPARE(barValue(l1, 1), 0.0); // no L1 lookups: no bar
        QCOMPARE(barValue(chart.rateBars(LaunchMemoryChart::L2HitRate), 0), 50.0);
        QCOMPARE(barValue(chart.rateBars(LaunchMemoryChart::LoadEfficiency), 0), 80.0);
        QCOMPARE(barValue(chart.rateBars(LaunchMemoryChart::StoreEfficiency), 0), 0.0); // no stores
        QCOMPARE(barValue(chart.rateBars(LaunchMemoryChart::StoreEfficiency), 1), 50.0);
        QCOMPARE(barValue(chart.byteBars(LaunchMemoryChart::DramRead), 1), double(1 << 20));
        QCOMPARE(barValue(chart.byteBars(LaunchMemoryChart::Requested), 0), double(1 << 21));
        QVERIFY(chart.bytePlot()->yAxis->range().upper >= double(1 << 21));
        chart.setTimeRange(model::TimeRange { 15, 25 });
        QCOMPARE(chart.shownLaunches(), QVector<int> { 1 });
        QCOMPARE(barValue(chart.rateBars(LaunchMemoryChart::StoreEfficiency), 0), 50.0);
        QVERIFY2(chart.titleText().contains(QStringLiteral("15.0 – 25.0 µs")), qPrintable(chart.titleText()));
        auto untimed = std::make_shared<model::RunSnapshot>(*runWithOneLaunch());
        chart.setTimeRange(std::nullopt);
        chart.setSnapshot(untimed);
        QVERIFY(chart.titleText().contains(QStringLiteral("Not timed")));
    }

    void summaryFiltersToTheTimeRange()
    {
        LaunchSummaryPanel panel;
        panel.setSnapshot(runWithTwoTimedLaunches());
        QCOMPARE(panel.tree()->topLevelItemCount(), 2);
        panel.setTimeRange(model::TimeRange { 0, 5 });
        QCOMPARE(panel.tree()->topLevelItemCount(), 1);
        QCOMPARE(panel.tree()->topLevelItem(0)->text(0), QStringLiteral("offsetCopy"));
        QVERIFY2(panel.headerText().contains(QStringLiteral("1 in 0.00 – 5.00 µs")), qPrintable(panel.headerText()));
        QString rows;
        for (int i = 0; i < panel.tree()->topLevelItem(0)->childCount(); ++i)
            rows += panel.tree()->topLevelItem(0)->child(i)->text(0) + QLatin1Char('=')
                + panel.tree()->topLevelItem(0)->child(i)->text(1) + QLatin1Char('\n');
        QVERIFY2(rows.contains(QStringLiteral("L1 hit rate (sectors)=25 %")), qPrintable(rows));
        QVERIFY2(rows.contains(QStringLiteral("DRAM bytes read / written=1 MiB / 512 KiB")), qPrintable(rows));
    }

    void rangeBandTurnsADragIntoTimes()
    {
        TimeAxis axis;
        axis.leftPx = 100;
        axis.startUs = 0;
        axis.usPerPixel = 0.5;
        RangeBand band;
        band.begin(300);
        band.moveTo(200);
        QVERIFY(band.dragging());
        const auto range = band.finish(axis);
        QVERIFY(range);
        QCOMPARE(range->first, 50.0); // ends ordered: pixel 200 is 50 µs, 300 is 100 µs
        QCOMPARE(range->second, 100.0);
        QVERIFY(!band.dragging());
        band.begin(300);
        band.moveTo(302); // narrower than a few pixels: a click, not a range
        QVERIFY(!band.finish(axis));
    }

    void shiftDragOnTheStreamsSelectsARange()
    {
        StreamView view;
        view.resize(1000, 300);
        view.setSnapshot(runWithTwoTimedLaunches());
        auto* canvas = view.canvas();
        QSignalSpy selected(canvas, &StreamTimelineCanvas::rangeSelected);
        const auto& axis = canvas->axis();
        const int y = 10;
        QTest::mousePress(canvas, Qt::LeftButton, Qt::ShiftModifier, QPoint(static_cast<int>(axis.toPixel(18.0)), y));
        QMouseEvent move(QEvent::MouseMove, QPointF(axis.toPixel(32.0), y), canvas->mapToGlobal(QPointF(axis.toPixel(32.0), y)),
            Qt::NoButton, Qt::LeftButton, Qt::ShiftModifier);
        QApplication::sendEvent(canvas, &move);
        QTest::mouseRelease(canvas, Qt::LeftButton, Qt::ShiftModifier, QPoint(static_cast<int>(axis.toPixel(32.0)), y));
        QCOMPARE(selected.size(), 1);
        const double from = selected.front().at(0).toDouble();
        const double to = selected.front().at(1).toDouble();
        QVERIFY2(std::abs(from - 18.0) < 2 * axis.usPerPixel && std::abs(to - 32.0) < 2 * axis.usPerPixel,
            qPrintable(QStringLiteral("%1 %2").arg(from).arg(to)));
        QVERIFY(canvas->rulerPoints().isEmpty()); // a Shift+drag is not a ruler click
        view.setTimeRange(model::TimeRange { from, to });
        QVERIFY(canvas->band().selected());
        QVERIFY(std::abs(canvas->axis().toTime(StreamTimelineCanvas::labelWidth) - from) < 1.0); // zoomed to it
    }

    void aRunWithoutBaselineFitsTheWholeRun()
    {
        StreamView view;
        view.resize(1000, 300);
        const auto run = runWithTwoTimedLaunches();
        view.setSnapshot(run);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.resize(1200, 300); // a resize refits a fitted view; the empty baseline's fit must not take over
        QTRY_VERIFY(view.canvas()->width() > 900);
        const auto* canvas = view.canvas();
        QVERIFY(canvas->axis().toTime(StreamTimelineCanvas::labelWidth) <= 0.0);
        QVERIFY2(canvas->axis().toTime(canvas->width()) >= run->totalTimeUs,
            qPrintable(QString::number(canvas->axis().toTime(canvas->width()))));
        QVERIFY(canvas->axis().toTime(canvas->width()) < 1.2 * run->totalTimeUs);
    }

    void mainWindowRunsAScenarioIntoTheViews()
    {
        app::MainWindow window(model::loadDeviceCatalog({}));
        QSignalSpy idle(window.session(), &app::RunSession::idle);
        QVERIFY(openAndRun(window, QStringLiteral("staged_copy_4_streams.json"), idle));
        const auto snapshot = window.session()->runController()->snapshot();
        QVERIFY(snapshot);
        QCOMPARE(snapshot->deviceId, QStringLiteral("h100"));
        QCOMPARE(snapshot->launches.size(), 4);
        QCOMPARE(window.streamView()->canvas()->layout().rows.size(), 6); // 4 streams, compute, H2D copy
        QCOMPARE(window.launchSummary()->tree()->topLevelItemCount(), 4);
        QCOMPARE(window.launchMemoryChart()->shownLaunches().size(), 4);

        // One time range for all views: the first kernel's interval keeps only the launches it overlaps, and
        // Undo, Redo and Show Whole Run walk the steps.
        auto* history = window.timeRange();
        const auto& first = snapshot->launches.front();
        const model::TimeRange range { first.startUs, first.endUs };
        const auto inside = model::launchesIn(*snapshot, range).size();
        QVERIFY(inside >= 1 && inside < 4);
        Q_EMIT window.streamView()->canvas()->rangeSelected(range.startUs, range.endUs);
        QCOMPARE(*history->current(), range);
        QCOMPARE(window.launchSummary()->tree()->topLevelItemCount(), inside);
        QCOMPARE(window.launchMemoryChart()->shownLaunches().size(), inside);
        auto* undo = window.findChild<QAction*>(QStringLiteral("undoTimeRange"));
        auto* redo = window.findChild<QAction*>(QStringLiteral("redoTimeRange"));
        auto* whole = window.findChild<QAction*>(QStringLiteral("wholeRun"));
        QVERIFY(undo && redo && whole);
        QVERIFY(undo->isEnabled() && undo->text().contains(QStringLiteral("Select")));
        undo->trigger();
        QCOMPARE(window.launchSummary()->tree()->topLevelItemCount(), 4);
        QVERIFY(!window.streamView()->canvas()->band().selected());
        redo->trigger();
        QCOMPARE(window.launchMemoryChart()->shownLaunches().size(), inside);
        whole->trigger();
        QCOMPARE(window.launchSummary()->tree()->topLevelItemCount(), 4);
        undo->trigger();
        QCOMPARE(window.launchSummary()->tree()->topLevelItemCount(), inside);
        window.session()->run(); // a new run starts a new history
        QVERIFY(idle.wait(60000));
        QVERIFY(!history->current());
        QVERIFY(!undo->isEnabled());
    }

    void theOccupancyViewMarksTheLaunchThatRan()
    {
        model::LaunchSummary tiled;
        tiled.kernel = QStringLiteral("sharedABMultiply");
        tiled.block = { 32, 32, 1 };
        tiled.sharedBytes = 8192;
        const model::OccupancyInputs fallback { 128, 40, 0, {} };
        const auto inputs = model::launchInputs(tiled, fallback);
        QCOMPARE(inputs.threadsPerBlock, 1024);
        QCOMPARE(inputs.sharedBytesPerBlock, 8192);
        QCOMPARE(inputs.registersPerThread, 40); // unknown registers keep what was there
        tiled.registersPerThread = 24;
        QCOMPARE(model::launchInputs(tiled, fallback).registersPerThread, 24);

        app::MainWindow window(model::loadDeviceCatalog({}));
        QSignalSpy idle(window.session(), &app::RunSession::idle);
        QVERIFY(openAndRun(window, QStringLiteral("staged_copy_4_streams.json"), idle));
        const auto snapshot = window.session()->runController()->snapshot();
        const auto& first = snapshot->launches.front();
        QVERIFY(first.registersPerThread > 0);
        const auto shown = window.occupancyModel()->inputs();
        QCOMPARE(shown.threadsPerBlock, static_cast<int>(first.block[0] * first.block[1] * first.block[2]));
        QCOMPARE(shown.registersPerThread, first.registersPerThread);
        // The calculator's figure for those inputs is the one the engine gave the launch.
        QCOMPARE(window.occupancyModel()->snapshot().occupancyPercent, first.theoreticalOccupancy * 100.0);
        auto* caption = window.occupancyView()->launchCaption();
        QVERIFY(caption->text().startsWith(QStringLiteral("Marking %1's launch").arg(first.kernel)));
        auto edited = shown;
        edited.threadsPerBlock = 64;
        window.occupancyModel()->setInputs(edited);
        QVERIFY(caption->text().contains(QStringLiteral("edited")));
        auto* tree = window.launchSummary()->tree();
        tree->setCurrentItem(tree->topLevelItem(2)->child(0)); // a counter row of the third launch
        QCOMPARE(window.occupancyModel()->inputs().threadsPerBlock, shown.threadsPerBlock);
        QVERIFY(caption->text().startsWith(QStringLiteral("Marking")));
    }

    void sweepDialogSamplesUnlessAskedForExact()
    {
        const auto catalog = model::loadDeviceCatalog({});
        QVector<model::DeviceSummary> devices;
        model::DeviceListModel list(*catalog.catalog);
        for (int row = 0; row < list.rowCount(); ++row)
            devices.push_back(list.summaryAt(row));
        app::SweepDialog dialog({ { QStringLiteral("n"), 4096 }, { QStringLiteral("offset"), 0 } }, devices,
            QStringLiteral("v100"));
        auto request = dialog.request();
        QCOMPARE(request.param, QStringLiteral("offset"));
        QVERIFY(request.deviceIds.contains(QStringLiteral("v100")));
        QVERIFY(!request.exact); // sampled, as warpscope-cli sweep
        auto* exact = dialog.findChild<QCheckBox*>(QStringLiteral("exactSweep"));
        QVERIFY(exact);
        exact->setChecked(true);
        QVERIFY(dialog.request().exact);
    }

    void withoutAFileTheLastSessionContinues()
    {
        QString database;
        {
            app::MainWindow first(model::loadDeviceCatalog({}));
            first.session()->setQuiet(true);
            QSignalSpy idle(first.session(), &app::RunSession::idle);
            first.session()->openScenario(QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/scenarios/offset_copy.json"),
                { { QStringLiteral("n"), 8192 } });
            QVERIFY(idle.wait(60000));
            database = first.session()->sessionDatabase();
            QVERIFY(QFileInfo::exists(database));
            first.close(); // saves the settings
        }
        QCOMPARE(QSettings().value(QStringLiteral("lastSession")).toString(), database);
        QSettings().setValue(QStringLiteral("demoShown"), true); // not the first start: no demo
        app::MainWindow again(model::loadDeviceCatalog({}));
        QSignalSpy shown(again.sessionController(), &app::SessionController::databaseShown);
        again.start(app::CommandLine {});
        QVERIFY(shown.wait(30000));
        QCOMPARE(again.session()->sessionDatabase(), database);
        QCOMPARE(again.launchSummary()->tree()->topLevelItemCount(), 1); // its run is in the views again
    }

    void parameterBarTakesIntegersAndAsksOnceForEachChange()
    {
        app::ParameterBar bar;
        QSignalSpy edited(&bar, &app::ParameterBar::parametersEdited);
        bar.setParameters({ { QStringLiteral("n"), 4096 }, { QStringLiteral("offset"), 0 } });
        auto* offset = bar.field(QStringLiteral("offset"));
        QVERIFY(offset && bar.field(QStringLiteral("n")) && !bar.field(QStringLiteral("stride")));
        offset->selectAll();
        QTest::keyClicks(offset, QStringLiteral("x1y")); // the validator keeps only the digit
        QCOMPARE(offset->text(), QStringLiteral("1"));
        QTest::keyClick(offset, Qt::Key_Return);
        QCOMPARE(edited.size(), 1);
        const auto params = edited.front().front().value<QMap<QString, qint64>>();
        QCOMPARE(params.value(QStringLiteral("offset")), 1);
        QCOMPARE(params.value(QStringLiteral("n")), 4096);
        QTest::keyClick(offset, Qt::Key_Return); // unchanged: no second run
        QCOMPARE(edited.size(), 1);
        bar.setParameters({ { QStringLiteral("n"), 4096 }, { QStringLiteral("offset"), 7 } }); // same names: same field
        QCOMPARE(bar.field(QStringLiteral("offset")), offset);
        QCOMPARE(offset->text(), QStringLiteral("7"));
    }

    void editingAParameterRunsTheScenarioAgainWithIt()
    {
        app::MainWindow window(model::loadDeviceCatalog({}));
        window.session()->setQuiet(true);
        QSignalSpy idle(window.session(), &app::RunSession::idle);
        window.session()->openScenario(QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/scenarios/offset_copy.json"),
            { { QStringLiteral("n"), 8192 } });
        QVERIFY(idle.wait(60000));
        auto* bar = window.parameterBar();
        QCOMPARE(bar->parameters().value(QStringLiteral("n")), 8192);
        QCOMPARE(bar->parameters().value(QStringLiteral("offset")), 0);
        const auto aligned = window.session()->runController()->snapshot();
        QCOMPARE(aligned->launches.front().loadEfficiency, 1.0);
        auto* offset = bar->field(QStringLiteral("offset"));
        offset->setText(QStringLiteral("1"));
        Q_EMIT offset->returnPressed();
        QVERIFY(idle.wait(60000));
        const auto shifted = window.session()->runController()->snapshot();
        QCOMPARE(shifted->params.value(QStringLiteral("offset")), 1);
        QCOMPARE(shifted->params.value(QStringLiteral("n")), 8192);
        QCOMPARE(shifted->launches.front().loadEfficiency, 0.8); // 128 bytes asked, 5 sectors moved on the H100
        auto* edit = window.findChild<QAction*>(QStringLiteral("editParametersAction"));
        QVERIFY(edit && edit->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P));
    }
};

} // namespace

std::unique_ptr<QObject> makeRunViewsTest()
{
    return std::make_unique<RunViewsTest>();
}

} // namespace views::tests

#include "test_run_views.moc"

// Qt Test, offscreen: the comparison table and view, the comparison loader and the report exporter, on a
// session database written with the store's writer.
#include "app/gui/command_line.h"
#include "app/gui/compare_dialog.h"
#include "app/gui/main_window.h"
#include "model/stepper/stepper_session.h"
#include "app/gui/run_session.h"
#include "app/gui/session_controller.h"
#include "model/device/device_catalog_load.h"
#include "model/store/session_runs.h"
#include "app/gui/report_actions.h"
#include "model/report/comparison_loader.h"
#include "model/report/comparison_table_model.h"
#include "model/store/trace_writer.h"
#include "tests/model/store/store_test_support.h"
#include "views/bandwidth/bandwidth_chart.h"
#include "views/bandwidth/bandwidth_view.h"
#include "views/compare/comparison_view.h"
#include "views/timeline/warp_state_colors.h"
#include "views/timeline/warp_timeline_canvas.h"
#include "views/timeline/warp_timeline_view.h"
#include "model/store/timeline_loader.h"
#include "views/plot/qcustomplot.h"
#include "views/report/report_exporter.h"
#include "views/summary/launch_summary_panel.h"

#include <QApplication>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QImage>
#include <QMimeData>
#include <QWheelEvent>
#include <QUrl>
#include <QSettings>
#include <QStandardPaths>
#include <QFile>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>


#include <fstream>

namespace app_test {

/// The middle of a warp timeline row, in canvas coordinates.
double timelineRowY(int row)
{
    return views::WarpTimelineCanvas::rulerHeight + (row + 0.5) * views::WarpTimelineCanvas::rowHeight;
}

} // namespace app_test

namespace {

std::string makeSession(const store_tests::TempDir& dir)
{
    const auto path = dir.file("session.wsdb").string();
    auto writer = model::TraceWriter::open(path);
    if (!writer)
        qFatal("%s", writer.error().toString().c_str());
    store_tests::sendRun(*writer.value(), store_tests::RunShape { 1, 50, 10, 2, "offset_copy", {} });
    store_tests::sendRun(*writer.value(), store_tests::RunShape { 2, 50, 10, 2, "stride_copy", {} });
    if (!writer.value()->flush())
        qFatal("flush failed");
    return path;
}

} // namespace

class ReportViewsTest : public QObject {
    Q_OBJECT

private slots:
    void tableModelShowsBothSidesAndTheChange()
    {
        model::ComparisonTableModel table;
        table.setTable({ QStringLiteral("run 1 (g80)"), QStringLiteral("run 2 (h100)"),
            { { QStringLiteral("0 offsetCopy"), QStringLiteral("cycles"), QStringLiteral("SM cycles"), 1000.0, 1500.0 },
                { QStringLiteral("0 offsetCopy"), QStringLiteral("global_load_requests"), QStringLiteral("Global load requests"), 42.0, 42.0 },
                { QStringLiteral("1 offsetCopy"), QStringLiteral("cycles"), QStringLiteral("SM cycles"), std::nullopt, 9.0 } },
            {} });
        QCOMPARE(table.rowCount(), 3);
        QCOMPARE(table.headerData(model::ComparisonTableModel::AColumn, Qt::Horizontal).toString(), QStringLiteral("run 1 (g80)"));
        QCOMPARE(table.index(0, model::ComparisonTableModel::ChangeColumn).data().toString(), QStringLiteral("+50.0 %"));
        QVERIFY(table.index(0, 0).data(model::ComparisonTableModel::HighlightRole).toBool());
        QVERIFY(!table.index(1, 0).data(model::ComparisonTableModel::HighlightRole).toBool());
        QCOMPARE(table.index(2, model::ComparisonTableModel::AColumn).data().toString(), QStringLiteral("—"));
        table.setOnlyDifferences(true);
        QCOMPARE(table.rowCount(), 2); // the equal request counts are hidden; the one-sided row stays
        QCOMPARE(table.index(1, model::ComparisonTableModel::LaunchColumn).data().toString(), QStringLiteral("1 offsetCopy"));
    }

    void loaderComparesTwoStoredRunsIntoTheView()
    {
        store_tests::TempDir dir("report-views-compare");
        const auto db = QString::fromStdString(makeSession(dir));
        model::ComparisonLoader loader;
        views::ComparisonView view;
        connect(&loader, &model::ComparisonLoader::compared, &view, &views::ComparisonView::setTable);
        QSignalSpy compared(&loader, &model::ComparisonLoader::compared);
        loader.compareRuns(db, 1, 2);
        QVERIFY(compared.wait(10000));
        // total time + 21 metrics for each of two launch slots
        QCOMPARE(view.tableModel()->rowCount(), 1 + 2 * 21);
        QVERIFY(view.notesText().contains(QStringLiteral("exists in one run only")));
        view.onlyDifferencesBox()->setChecked(true);
        QVERIFY(view.tableModel()->rowCount() < 1 + 2 * 21);
    }

    void loaderReportsAMissingRun()
    {
        store_tests::TempDir dir("report-views-missing");
        const auto db = QString::fromStdString(makeSession(dir));
        model::ComparisonLoader loader;
        QSignalSpy failed(&loader, &model::ComparisonLoader::failed);
        loader.compareRuns(db, 1, 8);
        QVERIFY(failed.wait(10000));
        QVERIFY(failed.first().first().toString().contains(QStringLiteral("no complete run with id 8")));
    }

    void loaderListsRuns()
    {
        store_tests::TempDir dir("report-views-list");
        const auto db = QString::fromStdString(makeSession(dir));
        model::ComparisonLoader loader;
        std::vector<model::RunRow> listed;
        connect(&loader, &model::ComparisonLoader::runsListed, this, [&](const std::vector<model::RunRow>& runs) { listed = runs; });
        QSignalSpy spy(&loader, &model::ComparisonLoader::runsListed);
        loader.listRuns(db);
        QVERIFY(spy.wait(10000));
        QCOMPARE(listed.size(), std::size_t { 2 });
        QCOMPARE(listed[1].scenarioPath, std::string("scenarios/stride_copy.json"));
    }

    void exporterWritesEachFormatOffTheGuiThread()
    {
        store_tests::TempDir dir("report-views-export");
        const auto db = QString::fromStdString(makeSession(dir));
        views::ReportExporter exporter;
        QSignalSpy exported(&exporter, &views::ReportExporter::exported);
        for (const auto* name : { "r.pdf", "r.html", "r.json", "r.csv" }) {
            const auto path = QString::fromStdString(dir.file(name).string());
            exporter.exportRun(db, 2, path);
            QVERIFY(exported.wait(20000));
            QCOMPARE(exported.last().first().toString(), path);
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadOnly));
            QVERIFY(file.size() > 100);
        }
    }

    void compareDialogStartsWithThePreviousAndTheCurrentRun()
    {
        store_tests::TempDir dir("report-views-dialog");
        const auto db = QString::fromStdString(makeSession(dir));
        app::CompareDialog dialog(db, 2);
        QSignalSpy compared(dialog.loader(), &model::ComparisonLoader::compared);
        QVERIFY(compared.wait(10000)); // listing the runs, then comparing the two, without a click
        QCOMPARE(dialog.runA()->count(), 2);
        QCOMPARE(dialog.runA()->currentData().toLongLong(), 1);
        QCOMPARE(dialog.runB()->currentData().toLongLong(), 2);
        QCOMPARE(dialog.view()->tableModel()->rowCount(), 1 + 2 * 21);

        const auto csv = dir.file("ncu.csv").string();
        std::ofstream(csv) << "\"ID\",\"Kernel Name\",\"Block Size\",\"Grid Size\",\"Metric Name\",\"Metric Unit\",\"Metric Value\"\n"
                              "\"0\",\"strideCopy(float *)\",\"(256, 1, 1)\",\"(64, 1, 1)\",\"smsp__inst_executed.sum\",\"inst\",\"10\"\n";
        dialog.compareWithNcu(QString::fromStdString(csv));
        QVERIFY(compared.wait(10000));
        QCOMPARE(dialog.view()->tableModel()->rowCount(), 1);
        QVERIFY(dialog.view()->tableModel()->table().titleA.contains(QStringLiteral("ncu.csv")));
        QVERIFY(dialog.view()->notesText().contains(QStringLiteral("launch 0 (offsetCopy)")));
    }

    void reportActionsFollowTheCurrentRun()
    {
        store_tests::TempDir dir("report-views-actions");
        const auto db = QString::fromStdString(makeSession(dir));
        QWidget window;
        std::optional<app::StoredRunRef> current;
        app::ReportActions actions(&window, [&] { return current; });
        QVERIFY(!actions.exportReportAction()->isEnabled());
        QVERIFY(!actions.compareRunsAction()->isEnabled());
        current = app::StoredRunRef { db, 1 };
        actions.updateEnabled();
        QVERIFY(actions.exportReportAction()->isEnabled());
        QSignalSpy exported(actions.exporter(), &views::ReportExporter::exported);
        QSignalSpy status(&actions, &app::ReportActions::statusMessage);
        const auto path = QString::fromStdString(dir.file("run-1.html").string());
        actions.exportTo(path);
        QVERIFY(exported.wait(10000));
        QVERIFY(QFile::exists(path));
        QVERIFY(status.last().first().toString().contains(QStringLiteral("run-1.html")));
    }

    void guiRunsAreRecordedInTheSessionDatabase()
    {
        app::MainWindow window(model::loadDeviceCatalog({}));
        auto* controller = window.sessionController();
        QVERIFY(!controller->reportActions()->exportReportAction()->isEnabled());
        QSignalSpy recorded(window.session(), &app::RunSession::runRecorded);
        window.session()->openScenario(QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/scenarios/offset_copy.json"),
            { { QStringLiteral("n"), 4096 } });
        QVERIFY(recorded.wait(60000));
        const auto db = recorded.first().at(0).toString();
        QVERIFY(db.endsWith(QStringLiteral(".wsdb")));
        QCOMPARE(recorded.first().at(1).toLongLong(), 1);
        QVERIFY(controller->currentRun().has_value());
        QVERIFY(controller->reportActions()->exportReportAction()->isEnabled());
        QSignalSpy refreshed(controller->runs(), &model::SessionRuns::refreshed);
        QVERIFY(refreshed.wait(10000));
        QCOMPARE(controller->runs()->rowCount(), 1);
        QVERIFY(controller->runs()->index(0).data().toString().contains(QStringLiteral("offset_copy.json")));
    }

    void warpTimelineShowsTheRecordedWarpsAndZoomsIntoThem()
    {
        app::MainWindow window(model::loadDeviceCatalog({}));
        window.resize(1400, 900);
        auto* timeline = window.warpTimeline();
        QSignalSpy loaded(timeline->loader(), &model::TimelineLoader::loaded);
        window.session()->openScenario(QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/scenarios/matrix/ab_shared_ab_multiply.json"),
            { { QStringLiteral("m"), 128 } });
        QVERIFY(loaded.wait(60000));
        auto slice = loaded.last().first().value<std::shared_ptr<const model::TimelineSlice>>();
        QVERIFY(slice->launchId > 0);
        QCOMPARE(slice->kernel, QStringLiteral("sharedABMultiply"));
        QVERIFY(slice->lastCycle > 0);
        // 16 blocks of 32 warps on a device with more SMs: SM 0 holds one block, recorded warp by warp.
        QVERIFY(!slice->window.aggregated);
        auto* canvas = timeline->canvas();
        QCOMPARE(canvas->rowCount(), 32);
        QCOMPARE(canvas->rowLabel(0), QStringLiteral("SM 0 · block 0 · warp 0"));
        QVERIFY(timeline->headerText().contains(QStringLiteral("sharedABMultiply")));
        // Hovering an interval names its warp and state.
        const auto& first = slice->window.intervals.front();
        const double x = canvas->axis().toPixel(0.5 * static_cast<double>(first.startCycle + first.endCycle));
        const int row = [&] {
            for (int r = 0; r < canvas->rowCount(); ++r)
                if (canvas->rowLabel(r) == QStringLiteral("SM %1 · block %2 · warp %3").arg(first.sm.value).arg(first.block.value).arg(first.warp.value))
                    return r;
            return -1;
        }();
        QVERIFY(row >= 0);
        const auto text = canvas->detailsAt(QPointF(x, app_test::timelineRowY(row)));
        QVERIFY2(text.contains(QString::fromUtf8(engine::toString(first.state).data())), qPrintable(text));
        // A click on a warp's row opens that warp in the stepper; a drag pans instead.
        auto* stepper = window.findChild<model::StepperSession*>();
        QVERIFY(stepper);
        QTRY_VERIFY_WITH_TIMEOUT(stepper->snapshot() != nullptr && !stepper->isBusy(), 60000);
        quint32 block = 99;
        quint32 warp = 99;
        const QPointF rowFive(canvas->axis().toPixel(1.0) + 5, app_test::timelineRowY(5));
        QVERIFY(canvas->warpAt(rowFive, block, warp));
        QCOMPARE(block, 0u);
        QCOMPARE(warp, 5u);
        QSignalSpy clicked(canvas, &views::WarpTimelineCanvas::warpClicked);
        QTest::mouseClick(canvas, Qt::LeftButton, Qt::NoModifier, rowFive.toPoint());
        QCOMPARE(clicked.count(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(stepper->snapshot()->warp == 5 && !stepper->isBusy(), 60000);
        QCOMPARE(stepper->snapshot()->stepCount, quint64 { 0 });
        QVERIFY(!canvas->warpAt(QPointF(10, app_test::timelineRowY(5)), block, warp)); // the labels' margin
        // The wheel zooms in and asks for the visible window only.
        QWheelEvent wheel(QPointF(600, 60), canvas->mapToGlobal(QPointF(600, 60)), QPoint(), QPoint(0, 480), Qt::NoButton,
            Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(canvas, &wheel);
        QVERIFY(loaded.wait(10000));
        slice = loaded.last().first().value<std::shared_ptr<const model::TimelineSlice>>();
        QVERIFY(slice->endCycle - slice->startCycle < slice->lastCycle);
    }

    void zoomedOutTimelineStacksEachSmsStateShares()
    {
        auto slice = std::make_shared<model::TimelineSlice>();
        slice->runId = 1;
        slice->launchId = 1;
        slice->clockMhz = 1000;
        slice->lastCycle = 1000;
        slice->endCycle = 1000;
        slice->window.aggregated = true;
        for (std::uint16_t sm = 0; sm < 2; ++sm) {
            model::TimelineBucket bucket;
            bucket.sm = engine::SmId(sm);
            bucket.endCycle = 1000;
            // SM 0 waits on memory all the time; SM 1 issues the first half of its warp-cycles, idles the rest.
            if (sm == 0) {
                bucket.stateCycles[static_cast<std::size_t>(engine::WarpState::MemoryWait)] = 4000;
            } else {
                bucket.stateCycles[static_cast<std::size_t>(engine::WarpState::Issuing)] = 2000;
                bucket.stateCycles[static_cast<std::size_t>(engine::WarpState::Idle)] = 2000;
            }
            slice->window.buckets.push_back(bucket);
        }
        views::WarpTimelineCanvas canvas;
        canvas.resize(800, 200);
        canvas.setSlice(slice);
        QCOMPARE(canvas.rowCount(), 2);
        QCOMPARE(canvas.rowLabel(1), QStringLiteral("SM 1 (all warps)"));
        QImage image(800, 200, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        canvas.render(&image);
        const int x = 400;
        const auto rowTop = [](int row) { return static_cast<int>(views::WarpTimelineCanvas::rulerHeight + row * views::WarpTimelineCanvas::rowHeight); };
        QCOMPARE(image.pixelColor(x, rowTop(0) + 7), views::warpStateColor(engine::WarpState::MemoryWait));
        QCOMPARE(image.pixelColor(x, rowTop(1) + 3), views::warpStateColor(engine::WarpState::Issuing));
        QCOMPARE(image.pixelColor(x, rowTop(1) + 11), views::warpStateColor(engine::WarpState::Idle));
        QVERIFY(canvas.detailsAt(QPointF(x, rowTop(1) + 7)).contains(QStringLiteral("issuing 50.0 %")));
    }

    void openingADatabaseShowsItsNewestRun()
    {
        store_tests::TempDir dir("report-views-open-db");
        const auto db = QString::fromStdString(makeSession(dir));
        app::MainWindow window(model::loadDeviceCatalog({}));
        auto* controller = window.sessionController();
        QSignalSpy loaded(controller->runs(), &model::SessionRuns::runLoaded);
        window.openFile(db);
        QVERIFY(loaded.wait(10000));
        const auto snapshot = loaded.first().first().value<std::shared_ptr<const model::RunSnapshot>>();
        QCOMPARE(snapshot->runId, 2);
        QCOMPARE(snapshot->launches.size(), 2);
        QCOMPARE(snapshot->deviceId, QStringLiteral("v100"));
        QCOMPARE(controller->currentRun()->runId, 2);
        QCOMPARE(window.session()->sessionDatabase(), QFileInfo(db).absoluteFilePath());
    }

    void openingADatabaseDrawsEachRecordedSweep()
    {
        store_tests::TempDir dir("report-views-sweeps");
        const auto db = QString::fromStdString(makeSession(dir)); // sendRun records an offset sweep on v100
        {
            auto writer = model::TraceWriter::open(db.toStdString());
            QVERIFY(writer.ok());
            writer.value()->beginRun(engine::RunInfo { "2026-11-22T12:00:00Z", "test", "h100", "H100", "", "stride_copy.json",
                "", { { "stride", 1 } }, "" });
            std::vector<engine::SweepPoint> points;
            for (std::uint32_t i = 0; i < 4; ++i)
                points.push_back({ i, i < 2 ? "g80" : "h100", { { "n", 64 }, { "stride", 1 + i % 2 } }, 10.0, 50.0 + i });
            writer.value()->sweepPoints(points);
            writer.value()->endRun(engine::RunSummary { 40.0 });
            QVERIFY(writer.value()->flush().ok());
        }
        app::MainWindow window(model::loadDeviceCatalog({}));
        window.openFile(db);
        QTRY_COMPARE_WITH_TIMEOUT(window.bandwidthView()->chartCount(), 2, 10000);
        // The newest run (the stride sweep) and the database's sweeps load side by side: find the chart by its axis.
        const auto* strideChart = window.bandwidthView()->chartAt(0);
        if (strideChart->plot()->xAxis->label() != QStringLiteral("stride"))
            strideChart = window.bandwidthView()->chartAt(1);
        QCOMPARE(strideChart->plot()->xAxis->label(), QStringLiteral("stride"));
        QCOMPARE(strideChart->plot()->graphCount(), 2); // g80 and h100
        QCOMPARE(strideChart->plot()->graph(1)->dataMainValue(1), 53.0);
        // The sweep's run is listed and summarized as a sweep, not as a run of its first device with no launches.
        const auto* runs = window.sessionController()->runs();
        const auto newest = runs->data(runs->index(runs->rowCount() - 1)).toString();
        QVERIFY2(newest.contains(QStringLiteral("sweep · stride_copy.json · 4 point(s) on 2 device(s)")), qPrintable(newest));
        QTRY_VERIFY_WITH_TIMEOUT(window.launchSummary()->headerText().contains(QStringLiteral("a sweep of 4 point(s) on 2 device(s)")), 10000);
    }

    void aStoppedSweepIsListedWithThePointsItKept()
    {
        // A sweep commits each point as it finishes; one stopped after 3 of its 8 points says so in the Session list.
        store_tests::TempDir dir("report-views-stopped-sweep");
        const auto db = dir.file("s.wsdb").string();
        {
            auto writer = model::TraceWriter::open(db);
            QVERIFY(writer.ok());
            engine::RunInfo info { "2026-11-26T12:00:00Z", "test", "v100", "V100", "", "offset_copy.json", "",
                { { "offset", 0 } }, "" };
            info.sweepPointsPlanned = 8;
            writer.value()->beginRun(info);
            std::vector<engine::SweepPoint> points;
            for (std::uint32_t i = 0; i < 3; ++i)
                points.push_back({ i, "v100", { { "offset", i } }, 10.0, 700.0 });
            writer.value()->sweepPoints(points);
            writer.value()->checkpointRun(engine::RunSummary { 30.0 });
            QVERIFY(writer.value()->flush().ok());
        } // the writer closes with the run still open, as a killed sweep leaves it: it stays, complete so far
        model::SessionRuns runs;
        QSignalSpy refreshed(&runs, &model::SessionRuns::refreshed);
        runs.setDatabase(QString::fromStdString(db));
        QVERIFY(refreshed.wait(10000));
        QCOMPARE(runs.rowCount(), 1);
        const auto label = runs.data(runs.index(0)).toString();
        QVERIFY2(label.contains(QStringLiteral("sweep · offset_copy.json · 3 of 8 point(s) on 1 device(s) (stopped)")),
            qPrintable(label));
    }

    void aFailedSweepShowsItsPointsInTheSessionList()
    {
        // threads = 256 … 1 280 on one worker: the fifth point's 1 280-thread blocks exceed the H100's 1 024, so the
        // sweep fails after committing four points; the Session list shows them without being asked to refresh.
        app::MainWindow window(model::loadDeviceCatalog({}));
        window.session()->setQuiet(true);
        QSignalSpy idle(window.session(), &app::RunSession::idle);
        window.session()->openScenario(QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/scenarios/offset_copy.json"),
            { { QStringLiteral("n"), 40960 } });
        QVERIFY(idle.wait(60000));
        const auto* runs = window.sessionController()->runs();
        QTRY_COMPARE_WITH_TIMEOUT(runs->rowCount(), 1, 10000);
        model::SweepRequest request;
        request.param = QStringLiteral("threads");
        request.from = 256;
        request.to = 1280;
        request.step = 256;
        request.deviceIds = { QStringLiteral("h100") };
        request.threads = 1;
        request.exact = true;
        window.session()->startSweep(request);
        QVERIFY(idle.wait(60000));
        QTRY_COMPARE_WITH_TIMEOUT(runs->rowCount(), 2, 10000);
        const auto label = runs->data(runs->index(runs->rowCount() - 1)).toString();
        QVERIFY2(label.contains(QStringLiteral("4 of 5 point(s)")) && label.contains(QStringLiteral("(stopped)")),
            qPrintable(label));
    }

    void droppingADatabaseOpensIt()
    {
        store_tests::TempDir dir("report-views-drop");
        const auto db = QString::fromStdString(makeSession(dir));
        app::MainWindow window(model::loadDeviceCatalog({}));
        QSignalSpy loaded(window.sessionController()->runs(), &model::SessionRuns::runLoaded);
        QMimeData data;
        data.setUrls({ QUrl::fromLocalFile(db) });
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &drop);
        QVERIFY(loaded.wait(10000));
        QCOMPARE(window.session()->sessionDatabase(), QFileInfo(db).absoluteFilePath());
    }

    void aFileThatIsNotADatabaseIsReported()
    {
        store_tests::TempDir dir("report-views-bad-db");
        const auto path = QString::fromStdString(dir.file("notes.wsdb").string());
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(4096, 'x'));
        file.close();
        app::MainWindow window(model::loadDeviceCatalog({}));
        window.start(app::CommandLine {});
        QSignalSpy failed(window.sessionController(), &app::SessionController::databaseFailed);
        window.openFile(path);
        QVERIFY(failed.wait(10000));
        QVERIFY(failed.first().at(1).toString().contains(QStringLiteral("notes.wsdb")));
    }

    void exporterRefusesAnUnknownSuffix()
    {
        views::ReportExporter exporter;
        QSignalSpy failed(&exporter, &views::ReportExporter::failed);
        exporter.exportRun(QStringLiteral("x.wsdb"), 1, QStringLiteral("/tmp/report.docx"));
        QCOMPARE(failed.count(), 1);
        QVERIFY(failed.first().first().toString().contains(QStringLiteral(".pdf, .html, .json or .csv")));
    }
};

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("warpscope-tests"));
    QApplication::setApplicationName(QStringLiteral("report_views_tests"));
    QStandardPaths::setTestModeEnabled(true);
    ReportViewsTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "report_views_tests.moc"

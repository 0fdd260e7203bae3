// GUI smoke test over every bundled scenario: the main window opens it, runs it (recorded in the session
// database), steps a warp, and every view that shows a run must then have data — launch summary, caches and
// DRAM chart, stream timeline, warp timeline, warp stepper and source. Runs offscreen; nothing is exported.
#include "app/gui/main_window.h"
#include "app/gui/run_session.h"
#include "model/device/device_catalog_load.h"
#include "model/source/source_model.h"
#include "model/source/source_session.h"
#include "model/stepper/stepper_session.h"
#include "views/memory/bank_heat_map.h"
#include "views/memory/launch_memory_chart.h"
#include "views/memory/memory_request_chart.h"
#include "views/plot/qcustomplot.h"
#include "views/source/source_view.h"
#include "views/stepper/warp_stepper_view.h"
#include "views/streams/stream_view.h"
#include "views/summary/launch_summary_panel.h"
#include "views/timeline/warp_timeline_view.h"

#include <QApplication>
#include <QDirIterator>
#include <QRegularExpression>
#include <QLabel>
#include <QAction>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTest>
#include <QTreeWidget>

namespace {

QStringList bundledScenarios()
{
    QStringList files;
    QDirIterator it(QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/scenarios"), { QStringLiteral("*.json") },
        QDir::Files, QDirIterator::Subdirectories);
    // The third-party kernels (corpus/polybench, corpus/rodinia) are checked by cli_tests (corpus_*_test.cpp).
    static const QRegularExpression thirdParty(QStringLiteral("/corpus/(polybench|rodinia)/"));
    while (it.hasNext()) {
        const QString file = it.next();
        if (!thirdParty.match(file).hasMatch())
            files << file;
    }
    files.sort();
    return files;
}

class GuiSmokeTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init() { QSettings().clear(); }

    void everyBundledScenarioFillsEveryView_data()
    {
        QTest::addColumn<QString>("file");
        for (const auto& file : bundledScenarios())
            QTest::newRow(qPrintable(QFileInfo(file).completeBaseName())) << file;
    }

    void everyBundledScenarioFillsEveryView()
    {
        QFETCH(QString, file);
        app::MainWindow window(model::loadDeviceCatalog({}));
        window.session()->setQuiet(true);
        auto* stepper = window.findChild<views::WarpStepperView*>();
        auto* source = window.findChild<views::SourceView*>();
        QVERIFY(stepper && source);
        auto* stepperSession = window.findChild<model::StepperSession*>();
        auto* sourceSession = window.findChild<model::SourceSession*>();
        QVERIFY(stepperSession && sourceSession);
        QSignalSpy idle(window.session(), &app::RunSession::idle);
        QSignalSpy recorded(window.session(), &app::RunSession::runRecorded);
        QSignalSpy stepped(stepperSession, &model::StepperSession::snapshotChanged);
        QSignalSpy sourced(sourceSession, &model::SourceSession::snapshotChanged);
        // The copy-and-execute scenarios move 16 M elements by default; a quarter of a million shows the same.
        QMap<QString, qint64> overrides;
        if (file.contains(QStringLiteral("/streams/")) && !file.endsWith(QStringLiteral("zero_copy.json")))
            overrides.insert(QStringLiteral("n"), 1 << 18);
        window.session()->openScenario(file, overrides);
        QVERIFY2(idle.wait(240000), qPrintable(file + QStringLiteral(": the run did not finish")));
        QVERIFY2(recorded.count() == 1, qPrintable(window.statusBar()->currentMessage()));

        QVERIFY(!window.streamView()->header()->text().isEmpty());
        QFile json(file);
        QVERIFY(json.open(QIODevice::ReadOnly));
        if (!json.readAll().contains("\"launch\"")) // copies only (pinned_vs_pageable): no kernel to show
            return;
        QVERIFY(window.launchSummary()->tree()->topLevelItemCount() > 0);
        auto* caches = window.launchMemoryChart();
        QCOMPARE(caches->shownLaunches().size(), window.launchSummary()->tree()->topLevelItemCount());
        QCOMPARE(caches->rateBars(views::LaunchMemoryChart::L2HitRate)->data()->size(), caches->shownLaunches().size());
        QTRY_VERIFY_WITH_TIMEOUT(!window.warpTimeline()->headerText().isEmpty(), 30000);

        QTRY_VERIFY_WITH_TIMEOUT(sourced.count() > 0, 60000);
        QVERIFY(source->ptxTable()->model()->rowCount() > 0);
        const auto sourceSnapshot = sourceSession->snapshot();
        QVERIFY(sourceSnapshot);
        const bool usesShared = sourceSnapshot->totals.sharedRequests > 0;
        QCOMPARE(!window.findChild<views::BankHeatMap*>()->rowLines().isEmpty(), usesShared);
        const bool usesMemory = usesShared || sourceSnapshot->totals.globalRequests > 0;
        auto* requests = window.findChild<views::MemoryRequestChart*>();
        QCOMPARE(!requests->barLines().isEmpty(), usesMemory);
        QCOMPARE(requests->globalBars()->data()->size(), requests->barLines().size());

        QTRY_VERIFY_WITH_TIMEOUT(stepped.count() > 0 && !stepperSession->isBusy(), 60000);
        const auto before = stepped.count();
        stepper->stepAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(stepped.count() > before && !stepperSession->isBusy(), 60000);
        const auto snapshot = qvariant_cast<std::shared_ptr<const model::StepSnapshot>>(stepped.last().at(0));
        QVERIFY(snapshot);
        QCOMPARE(snapshot->stepCount, quint64 { 1 });
        QVERIFY(!snapshot->ptxText.isEmpty());
    }

    void hostThreadsAreASettingOfTheRunMenu()
    {
        {
            app::MainWindow window(model::loadDeviceCatalog({}));
            QCOMPARE(window.session()->hostThreads(), 0u); // default: one per hardware thread
            auto* action = window.findChild<QAction*>(QStringLiteral("hostThreadsAction"));
            QVERIFY(action);
            QVERIFY(window.session()->runMenu()->actions().contains(action));
            window.session()->setHostThreads(3);
            QCOMPARE(action->statusTip(), QStringLiteral("Each launch uses 3 host thread(s)"));
        }
        app::MainWindow reopened(model::loadDeviceCatalog({}));
        QCOMPARE(reopened.session()->hostThreads(), 3u);
    }

    void bankHeatMapShowsTheColumnWriteOnOneBank()
    {
        // best-practices-guide-v8.0.txt §9.2.2.3: transposedTile[threadIdx.x][ty] with 32-float rows puts
        // the whole warp on one bank, 32 passes; the padded tile spreads it over all 32 banks, leaving the
        // 2 passes of the row's LDS.128 broadcast (multicast_banks.h) as the hottest cell.
        for (const auto& [file, hottest] : { std::pair { QStringLiteral("aat_coalesced_multiply.json"), 32.0 },
                 std::pair { QStringLiteral("aat_padded_multiply.json"), 2.0 } }) {
            app::MainWindow window(model::loadDeviceCatalog({}));
            window.session()->setQuiet(true);
            auto* sourceSession = window.findChild<model::SourceSession*>();
            QSignalSpy sourced(sourceSession, &model::SourceSession::snapshotChanged);
            window.session()->openScenario(QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/scenarios/matrix/") + file);
            QTRY_VERIFY_WITH_TIMEOUT(sourced.count() > 0, 120000);
            auto* heat = window.findChild<views::BankHeatMap*>();
            QVERIFY(heat->rowLines().size() >= 3); // the tile store, the transposed store, the unrolled loads
            double most = 0;
            for (int row = 0; row < heat->rowLines().size(); ++row)
                for (int bank = 0; bank < 32; ++bank)
                    most = std::max(most, heat->cell(bank, row));
            QCOMPARE(most, hottest);
            // The Memory Requests chart: the column store's bar is 32 wavefronts per request, unpadded.
            auto* chart = window.findChild<views::MemoryRequestChart*>();
            double tallest = 0;
            for (auto it = chart->sharedBars()->data()->constBegin(); it != chart->sharedBars()->data()->constEnd(); ++it)
                tallest = std::max(tallest, it->value);
            QCOMPARE(tallest, hottest == 32.0 ? 32.0 : 2.0);
        }
    }
};

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("warpscope-tests"));
    QApplication::setApplicationName(QStringLiteral("gui_smoke_tests"));
    QStandardPaths::setTestModeEnabled(true);
    GuiSmokeTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "gui_smoke_test.moc"

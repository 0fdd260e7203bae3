#include "tests/model/model_test_suites.h"
#include "tests/model/run_test_support.h"

#include "model/device/device_catalog_load.h"
#include "model/run/run_controller.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace model::tests {

namespace {

constexpr int runWaitMs = 60000;

class RunControllerTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_scenario = writeOffsetScenario(m_dir, 4096);
        QVERIFY(!m_scenario.isEmpty());
    }

    void deliversASnapshotOfTheRun()
    {
        RunController controller(loadDeviceCatalog({}).catalog);
        QSignalSpy finished(&controller, &RunController::finished);
        QSignalSpy progress(&controller, &RunController::progress);
        const auto job = controller.start({ m_scenario, QStringLiteral("v100"), {}, {} });
        QVERIFY(controller.isRunning());
        QVERIFY(finished.wait(runWaitMs));
        QCOMPARE(finished.front().at(0).toULongLong(), job);
        const auto snapshot = controller.snapshot();
        QVERIFY(snapshot);
        QCOMPARE(snapshot->deviceId, QStringLiteral("v100"));
        QCOMPARE(snapshot->params.value(QStringLiteral("n")), 4096);
        QCOMPARE(snapshot->launches.size(), 1);
        const auto& launch = snapshot->launches.front();
        QCOMPARE(launch.kernel, QStringLiteral("offsetCopy"));
        QCOMPARE(launch.grid[0], 16u);
        QCOMPARE(launch.loadRequests, 4096u / 32u); // one warp-level load per warp
        QCOMPARE(launch.loadSectors, 4096u / 8u); // offset 0: 4 sectors of 32 B per 128-byte request
        QCOMPARE(launch.loadEfficiency, 1.0);
        QCOMPARE(snapshot->timeline.size(), 2); // the copy and the kernel
        QCOMPARE(snapshot->timeline.front().kind, TimelineOpKind::MemcpyHostToDevice);
        QVERIFY(!progress.isEmpty());
        QCOMPARE(progress.back().at(1).toInt(), progress.back().at(2).toInt()); // the bar ends full
        QVERIFY(!controller.isRunning());
    }

    void overridesReachTheRun()
    {
        RunController controller(loadDeviceCatalog({}).catalog);
        QSignalSpy finished(&controller, &RunController::finished);
        controller.start({ m_scenario, QStringLiteral("h100"), { { QStringLiteral("offset"), 1 } }, {} });
        QVERIFY(finished.wait(runWaitMs));
        const auto& launch = controller.snapshot()->launches.front();
        QCOMPARE(launch.loadSectors, 5u * launch.loadRequests); // misaligned by 4 bytes: one more sector
    }

    void errorsNameFileAndJsonPath()
    {
        QTemporaryDir dir;
        const auto bad = writeOffsetScenario(dir, 4096, QStringLiteral("stepz"));
        RunController controller(loadDeviceCatalog({}).catalog);
        QSignalSpy failed(&controller, &RunController::failed);
        controller.start({ bad, {}, {}, {} });
        QVERIFY(failed.wait(runWaitMs));
        const auto message = failed.front().at(1).toString();
        QVERIFY2(message.contains(QStringLiteral("tiny_offset.json")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("/stepz")), qPrintable(message));
    }

    void cancelDeliversNothing()
    {
        RunController controller(loadDeviceCatalog({}).catalog);
        QSignalSpy finished(&controller, &RunController::finished);
        QSignalSpy failed(&controller, &RunController::failed);
        QSignalSpy cancelled(&controller, &RunController::cancelled);
        const auto job = controller.start({ m_scenario, {}, { { QStringLiteral("n"), 1 << 22 } }, {} });
        controller.cancel();
        QCOMPARE(cancelled.size(), 1);
        QCOMPARE(cancelled.front().at(0).toULongLong(), job);
        QVERIFY(!controller.isRunning());
        controller.waitForIdle();
        QTest::qWait(50); // let a queued result, if any, arrive
        QCOMPARE(finished.size(), 0);
        QCOMPARE(failed.size(), 0);
        QVERIFY(!controller.snapshot());
    }

    void staleResultsAreDropped()
    {
        RunController controller(loadDeviceCatalog({}).catalog);
        QSignalSpy finished(&controller, &RunController::finished);
        controller.start({ m_scenario, {}, { { QStringLiteral("offset"), 0 } }, {} });
        const auto newer = controller.start({ m_scenario, {}, { { QStringLiteral("offset"), 3 } }, {} });
        QVERIFY(finished.wait(runWaitMs));
        controller.waitForIdle();
        QTest::qWait(50);
        QCOMPARE(finished.size(), 1);
        QCOMPARE(finished.front().at(0).toULongLong(), newer);
        QCOMPARE(controller.snapshot()->params.value(QStringLiteral("offset")), 3);
    }

    void partialResultsComeBeforeTheWholeRun()
    {
        RunController controller(loadDeviceCatalog({}).catalog);
        QSignalSpy partial(&controller, &RunController::partial);
        QSignalSpy finished(&controller, &RunController::finished);
        const auto job = controller.start(stagedCopy());
        QVERIFY(finished.wait(runWaitMs));
        // The first launch is always handed over; the last comes only with finished().
        QVERIFY(!partial.isEmpty());
        QVERIFY(partial.size() < 4);
        QCOMPARE(partial.front().at(0).toULongLong(), job);
        const auto first = partial.front().at(1).value<std::shared_ptr<const RunSnapshot>>();
        const auto whole = controller.snapshot();
        QVERIFY(first && whole);
        QVERIFY(first->isPartial());
        QCOMPARE(first->launchesPlanned, 4);
        QCOMPARE(first->launches.size(), 1);
        QVERIFY(!whole->isPartial());
        QCOMPARE(whole->launches.size(), 4);
        QCOMPARE(first->launches.front().loadSectors, whole->launches.front().loadSectors);
        QCOMPARE(first->launches.front().timeUs, whole->launches.front().timeUs);
        QVERIFY(first->launches.front().loadRequests > 0);
    }

    void partialResultsOfACancelledRunNeverArrive()
    {
        RunController controller(loadDeviceCatalog({}).catalog);
        QSignalSpy partial(&controller, &RunController::partial);
        QSignalSpy finished(&controller, &RunController::finished);
        QSignalSpy cancelled(&controller, &RunController::cancelled);
        controller.start(stagedCopy());
        // The worker ends before this thread looks at its queue: its partial results and the whole run wait
        // there, posted before the cancel.
        controller.waitForIdle();
        controller.cancel();
        QCOMPARE(cancelled.size(), 1);
        QTest::qWait(100);
        QCOMPARE(partial.size(), 0);
        QCOMPARE(finished.size(), 0);
    }

private:
    /// The bundled staged copy at 16 Ki floats: four launches of 16 blocks, each after its copy.
    static RunRequest stagedCopy()
    {
        return { QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/scenarios/staged_copy_4_streams.json"),
            QStringLiteral("v100"), { { QStringLiteral("n"), 16384 } }, {} };
    }

    QTemporaryDir m_dir;
    QString m_scenario;
};

} // namespace

std::unique_ptr<QObject> makeRunControllerTest()
{
    return std::make_unique<RunControllerTest>();
}

} // namespace model::tests

#include "test_run_controller.moc"

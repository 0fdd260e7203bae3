#include "tests/model/model_test_suites.h"
#include "tests/model/run_test_support.h"

#include "model/device/device_catalog_load.h"
#include "model/run/launch_guidance.h"
#include "model/run/sweep_controller.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace model::tests {

namespace {

constexpr int sweepWaitMs = 120000;

SweepRequest offsetSweep(const QString& scenario, const QStringList& devices)
{
    SweepRequest request;
    request.scenarioFile = scenario;
    request.param = QStringLiteral("offset");
    request.from = 0;
    request.to = 8;
    request.deviceIds = devices;
    request.threads = 2;
    return request;
}

class SweepControllerTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_scenario = writeOffsetScenario(m_dir, 4096);
    }

    void onSeriesPerDeviceWithEveryMetric()
    {
        SweepController controller(loadDeviceCatalog({}).catalog);
        QSignalSpy finished(&controller, &SweepController::finished);
        QSignalSpy progress(&controller, &SweepController::progress);
        controller.start(offsetSweep(m_scenario, { QStringLiteral("g80"), QStringLiteral("h100") }));
        QVERIFY(finished.wait(sweepWaitMs));
        const auto snapshot = controller.snapshot();
        QCOMPARE(snapshot->param, QStringLiteral("offset"));
        QCOMPARE(snapshot->devices.size(), 2);
        QCOMPARE(snapshot->devices[0].deviceId, QStringLiteral("g80"));
        QCOMPARE(snapshot->devices[1].x, (QVector<double> { 0, 1, 2, 3, 4, 5, 6, 7, 8 }));
        const auto& h100 = snapshot->devices[1].values(SweepMetric::LoadSectorsPerRequest);
        QCOMPARE(h100.size(), 9);
        QCOMPARE(h100[0], 4.0); // aligned: four 32-byte sectors per warp
        QCOMPARE(h100[1], 5.0); // misaligned: one more (Best Practices Guide §9.2.1.3)
        QCOMPARE(h100[8], 4.0); // 8 floats = one sector: aligned again
        // CC 1.0 coalesces only aligned half-warps: misaligned costs one transaction per thread.
        const auto& g80 = snapshot->devices[0].values(SweepMetric::LoadTransactionsPerRequest);
        QVERIFY2(g80[1] > 4 * g80[0], qPrintable(QStringLiteral("%1 vs %2").arg(g80[1]).arg(g80[0])));
        QVERIFY(snapshot->devices[0].theoreticalBandwidthGBps > 0);
        QVERIFY(!progress.isEmpty());
        QCOMPARE(progress.back().at(1).toInt(), 18);
        QCOMPARE(snapshot->devices[0].simulatedShare, QVector<double>(9, 1.0)); // 16 blocks: too few to sample
        QCOMPARE(snapshot->sampledPoints, 0);
    }

    void largeGridsAreSampledByDefault()
    {
        // 16384 blocks on a G80 (16 SMs, 3 resident blocks of 256 threads): hundreds of waves, steady long before
        // the end, so the sweep simulates a small share of them (steady_state_detector.h).
        QTemporaryDir dir;
        const auto scenario = writeOffsetScenario(dir, 4 << 20);
        SweepController controller(loadDeviceCatalog({}).catalog);
        QSignalSpy finished(&controller, &SweepController::finished);
        auto request = offsetSweep(scenario, { QStringLiteral("g80") });
        request.to = 1;
        controller.start(request);
        QVERIFY(finished.wait(sweepWaitMs));
        const auto snapshot = controller.snapshot();
        QCOMPARE(snapshot->sampledPoints, 2);
        for (const double share : snapshot->devices[0].simulatedShare)
            QVERIFY2(share < 0.5, qPrintable(QString::number(share)));
    }

    void cancelStopsTheSweep()
    {
        SweepController controller(loadDeviceCatalog({}).catalog);
        QSignalSpy finished(&controller, &SweepController::finished);
        QSignalSpy cancelled(&controller, &SweepController::cancelled);
        QSignalSpy ended(&controller, &SweepController::cancelledEnded);
        auto request = offsetSweep(m_scenario, { QStringLiteral("v100") });
        request.to = 32;
        const quint64 job = controller.start(request);
        controller.cancel();
        QCOMPARE(cancelled.size(), 1);
        QCOMPARE(ended.size(), 0); // its work may still be committing a point
        controller.waitForIdle();
        QTest::qWait(50);
        QCOMPARE(finished.size(), 0);
        QCOMPARE(ended.size(), 1); // now it has stopped: whatever it recorded is in the database
        QCOMPARE(ended.front().at(0).value<quint64>(), job);
    }

    void aFailingPointNamesDeviceAndValue()
    {
        SweepController controller(loadDeviceCatalog({}).catalog);
        QSignalSpy failed(&controller, &SweepController::failed);
        auto request = offsetSweep(m_scenario, { QStringLiteral("h100") });
        request.param = QStringLiteral("n");
        request.from = 100; // not a multiple of 256: the grid n / 256 is 0
        request.to = 100;
        controller.start(request);
        QVERIFY(failed.wait(sweepWaitMs));
        const auto message = failed.front().at(1).toString();
        QVERIFY2(message.contains(QStringLiteral("h100, n=100")), qPrintable(message));
    }

    void guidanceCitesTheBestPracticesGuide()
    {
        LaunchSummary launch;
        launch.loadRequests = 10;
        launch.loadEfficiency = 0.8;
        auto text = launchGuidance(launch, { { QStringLiteral("offset"), 1 } });
        QVERIFY2(text.contains(QStringLiteral("80 % efficient")) && text.contains(QStringLiteral("§9.2.1.3")), qPrintable(text));
        launch.loadEfficiency = 0.5;
        text = launchGuidance(launch, { { QStringLiteral("stride"), 2 } });
        QVERIFY2(text.contains(QStringLiteral("stride 2, half of each sector")) && text.contains(QStringLiteral("§9.2.1.4")),
            qPrintable(text));
        launch.loadEfficiency = 1.0;
        launch.sharedLoadRequests = 4;
        launch.sharedLoadWavefronts = 8;
        QVERIFY(launchGuidance(launch, {}).contains(QStringLiteral("§9.2.2.1")));
        QVERIFY(launchGuidance(LaunchSummary {}, {}).isEmpty());
    }

    void guidanceTellsBankConflictsFromWideAccesses()
    {
        // 16-byte loads: 4 wavefronts per request, all of them needed without any bank conflict.
        LaunchSummary wide;
        wide.sharedLoadRequests = 8;
        wide.sharedLoadWavefronts = 32;
        wide.sharedLoadIdealWavefronts = 32;
        QVERIFY2(launchGuidance(wide, {}).isEmpty(), qPrintable(launchGuidance(wide, {})));
        wide.loadRequests = 8; // the next rule speaks instead
        QVERIFY(launchGuidance(wide, {}).contains(QStringLiteral("§9.2.1,")));

        // Loads and stores together: 3 wavefronts per request where 1 would do.
        LaunchSummary conflicted;
        conflicted.sharedLoadRequests = 3;
        conflicted.sharedLoadWavefronts = 10;
        conflicted.sharedLoadIdealWavefronts = 3;
        conflicted.sharedStoreRequests = 1;
        conflicted.sharedStoreWavefronts = 2;
        conflicted.sharedStoreIdealWavefronts = 1;
        const auto text = launchGuidance(conflicted, {});
        QVERIFY2(text.startsWith(QStringLiteral("Shared memory takes 3.00 wavefronts per request where 1.00 would do "
                                                "without bank conflicts: the conflicts add 2.00 per request")),
            qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("§9.2.2.1")));

        // A run stored before the ideal wavefronts were kept (0): wavefronts against requests, as before.
        LaunchSummary old;
        old.sharedLoadRequests = 4;
        old.sharedLoadWavefronts = 8;
        const auto oldText = launchGuidance(old, {});
        QVERIFY2(oldText.startsWith(QStringLiteral("Shared memory takes 2.00 wavefronts per request: bank conflicts "
                                                   "serialize the accesses")),
            qPrintable(oldText));
        QVERIFY(oldText.contains(QStringLiteral("§9.2.2.1")));
    }

private:
    QTemporaryDir m_dir;
    QString m_scenario;
};

} // namespace

std::unique_ptr<QObject> makeSweepControllerTest()
{
    return std::make_unique<SweepControllerTest>();
}

} // namespace model::tests

#include "test_sweep_controller.moc"

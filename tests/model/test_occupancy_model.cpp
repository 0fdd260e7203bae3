#include "tests/model/model_test_suites.h"

#include "model/device/device_catalog_load.h"
#include "model/occupancy/occupancy_model.h"

#include <QSignalSpy>
#include <QTest>

namespace model::tests {

namespace {

class OccupancyModelTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { m_load = loadDeviceCatalog({}); }

    void h100At256Threads32RegistersIsFull()
    {
        OccupancyModel occupancy(m_load.catalog);
        QVERIFY(occupancy.setDeviceId(QStringLiteral("h100")));
        occupancy.setInputs({ 256, 32, 0, {} });
        const auto& snapshot = occupancy.snapshot();
        QVERIFY(snapshot.valid);
        QCOMPARE(snapshot.deviceId, QStringLiteral("h100"));
        QCOMPARE(snapshot.blocksPerSm, 8);
        QCOMPARE(snapshot.activeWarpsPerSm, 64);
        QCOMPARE(snapshot.maxWarpsPerSm, 64);
        QCOMPARE(snapshot.occupancyPercent, 100.0);
        QCOMPARE(snapshot.limitedBy.front(), QStringLiteral("Warps per SM"));
        QVERIFY(snapshot.explanation.startsWith(QStringLiteral("8 blocks of 256 threads per SM")));
    }

    void sharedMemoryLimitsOnH100()
    {
        OccupancyModel occupancy(m_load.catalog);
        QVERIFY(occupancy.setDeviceId(QStringLiteral("h100")));
        // 32 KiB + the runtime's 1 KiB per block: 233472 / 33792 = 6 blocks, 48 of 64 warps.
        occupancy.setInputs({ 256, 32, 32768, {} });
        const auto& snapshot = occupancy.snapshot();
        QCOMPARE(snapshot.blocksPerSm, 6);
        QCOMPARE(snapshot.occupancyPercent, 75.0);
        QCOMPARE(snapshot.limitedBy, QStringList { QStringLiteral("Shared memory") });
        QCOMPARE(snapshot.allocatedSharedBytesPerBlock, 33792);
    }

    void curvesCoverTheDeviceRanges()
    {
        OccupancyModel occupancy(m_load.catalog);
        QVERIFY(occupancy.setDeviceId(QStringLiteral("h100")));
        occupancy.setInputs({ 256, 32, 0, {} });
        const auto& snapshot = occupancy.snapshot();
        QCOMPARE(snapshot.byThreads.x.size(), 1024 / 32);
        QCOMPARE(snapshot.byThreads.x.front(), 32.0);
        QCOMPARE(snapshot.byThreads.x.back(), 1024.0);
        QCOMPARE(snapshot.byRegisters.x.size(), 255);
        QCOMPARE(snapshot.bySharedBytes.x.back(), 232448.0);
        QCOMPARE(snapshot.byThreads.activeWarps.size(), snapshot.byThreads.x.size());
        QCOMPARE(snapshot.byThreads.occupancyPercent.size(), snapshot.byThreads.x.size());
        QCOMPARE(snapshot.byThreads.currentX, 256.0);
        QCOMPARE(snapshot.byRegisters.currentX, 32.0);
        QCOMPARE(snapshot.bySharedBytes.currentX, 0.0);
        // The point of each curve at the current input is the current configuration's occupancy.
        const auto at = snapshot.byThreads.x.indexOf(256.0);
        QCOMPARE(snapshot.byThreads.occupancyPercent.at(at), snapshot.occupancyPercent);
        QCOMPARE(snapshot.threadsRange.step, 32);
        QCOMPARE(snapshot.threadsRange.maximum, 1024);
        QCOMPARE(snapshot.registersRange.maximum, 255);
        QCOMPARE(snapshot.sharedBytesRange.maximum, 232448);
        QCOMPARE(snapshot.sharedBytesRange.step, 128);
    }

    void switchingDevicesChangesCurvesAndClampsInputs()
    {
        OccupancyModel occupancy(m_load.catalog);
        QVERIFY(occupancy.setDeviceId(QStringLiteral("h100")));
        occupancy.setInputs({ 1024, 32, 65536, {} });
        const auto h100 = occupancy.snapshot();
        QSignalSpy changed(&occupancy, &OccupancyModel::snapshotChanged);
        QVERIFY(occupancy.setDeviceId(QStringLiteral("g80")));
        QCOMPARE(changed.count(), 1);
        const auto& g80 = occupancy.snapshot();
        QCOMPARE(g80.deviceId, QStringLiteral("g80"));
        QCOMPARE(g80.inputs.threadsPerBlock, 512);
        QCOMPARE(g80.inputs.sharedBytesPerBlock, g80.sharedBytesRange.maximum);
        QVERIFY(g80.byThreads.x.size() < h100.byThreads.x.size());
        QVERIFY(g80.byRegisters.x.size() < h100.byRegisters.x.size());
        QVERIFY(g80.maxWarpsPerSm != h100.maxWarpsPerSm);
    }

    void unknownDeviceChangesNothing()
    {
        OccupancyModel occupancy(m_load.catalog);
        QVERIFY(occupancy.setDeviceId(QStringLiteral("v100")));
        QSignalSpy changed(&occupancy, &OccupancyModel::snapshotChanged);
        QVERIFY(!occupancy.setDeviceId(QStringLiteral("gtx480")));
        QCOMPARE(occupancy.deviceId(), QStringLiteral("v100"));
        QCOMPARE(changed.count(), 0);
    }

    void inputSettersEmitOncePerChange()
    {
        OccupancyModel occupancy(m_load.catalog);
        QVERIFY(occupancy.setDeviceId(QStringLiteral("a100")));
        QSignalSpy changed(&occupancy, &OccupancyModel::snapshotChanged);
        occupancy.setThreadsPerBlock(128);
        occupancy.setThreadsPerBlock(128);
        occupancy.setRegistersPerThread(64);
        occupancy.setSharedBytesPerBlock(4096);
        QCOMPARE(changed.count(), 3);
        QCOMPARE(occupancy.inputs(), (OccupancyInputs { 128, 64, 4096, {} }));
        QCOMPARE(occupancy.snapshot().inputs, occupancy.inputs());
    }

    void unlaunchableConfigurationSaysWhy()
    {
        OccupancyModel occupancy(m_load.catalog);
        QVERIFY(occupancy.setDeviceId(QStringLiteral("h100")));
        // 1024 threads × 255 registers needs 261 120 registers; an SM has 65 536.
        occupancy.setInputs({ 1024, 255, 0, {} });
        const auto& snapshot = occupancy.snapshot();
        QCOMPARE(snapshot.blocksPerSm, 0);
        QCOMPARE(snapshot.occupancyPercent, 0.0);
        QVERIFY(!snapshot.explanation.isEmpty());
        QVERIFY(!snapshot.byThreads.x.isEmpty());
    }

private:
    DeviceCatalogLoad m_load;
};

} // namespace

std::unique_ptr<QObject> makeOccupancyModelTest()
{
    return std::make_unique<OccupancyModelTest>();
}

} // namespace model::tests

#include "test_occupancy_model.moc"

#include "tests/model/model_test_suites.h"

#include "engine/device/device_catalog.h"
#include "model/device/device_catalog_load.h"
#include "model/device/device_list_model.h"

#include <QAbstractItemModelTester>
#include <QTest>

namespace model::tests {

namespace {

class DeviceListModelTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void passesTheItemModelTester()
    {
        const auto load = loadDeviceCatalog({});
        DeviceListModel devices(*load.catalog);
        QAbstractItemModelTester tester(&devices, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QVERIFY(devices.rowCount() >= 8);
    }

    void listsEveryBuiltInProfileOldestFirst()
    {
        const auto load = loadDeviceCatalog({});
        DeviceListModel devices(*load.catalog);
        QCOMPARE(devices.index(0).data(DeviceListModel::IdRole).toString(), QStringLiteral("g80"));
        for (const char* id : { "g80", "c1060", "c2050", "m2090", "k20x", "v100", "a100", "h100" })
            QVERIFY2(devices.rowOfId(QString::fromLatin1(id)) >= 0, id);
        QCOMPARE(devices.rowOfId(QStringLiteral("no-such-gpu")), -1);
    }

    void rolesCarryIdNameAndComputeCapability()
    {
        const auto load = loadDeviceCatalog({});
        DeviceListModel devices(*load.catalog);
        const auto index = devices.index(devices.rowOfId(QStringLiteral("h100")));
        QCOMPARE(index.data(DeviceListModel::ComputeCapabilityRole).toString(), QStringLiteral("9.0"));
        QVERIFY(index.data(DeviceListModel::NameRole).toString().contains(QStringLiteral("H100")));
        QVERIFY(index.data(Qt::DisplayRole).toString().contains(QStringLiteral("CC 9.0")));
        QCOMPARE(index.data(DeviceListModel::OriginRole).toString(), QStringLiteral("built-in"));
        QVERIFY(devices.roleNames().contains(DeviceListModel::IdRole));
    }

    void summaryCarriesTheoreticalBandwidth()
    {
        const auto load = loadDeviceCatalog({});
        DeviceListModel devices(*load.catalog);
        // Best Practices Guide §8.2.1 worked examples: M2090 177.6 GB/s, V100 898 GB/s.
        QCOMPARE(qRound(devices.summaryAt(devices.rowOfId(QStringLiteral("m2090"))).theoreticalBandwidthGBps * 10), 1776);
        QCOMPARE(qRound(devices.summaryAt(devices.rowOfId(QStringLiteral("v100"))).theoreticalBandwidthGBps), 898);
        QVERIFY(devices.summaryAt(-1).id.isEmpty());
        QVERIFY(devices.summaryAt(devices.rowCount()).id.isEmpty());
    }
};

} // namespace

std::unique_ptr<QObject> makeDeviceListModelTest()
{
    return std::make_unique<DeviceListModelTest>();
}

} // namespace model::tests

#include "test_device_list_model.moc"

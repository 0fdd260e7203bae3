// The Source view's models on offsetCopy: each PTX row carries exactly the run's per-PC counters, CUDA rows
// sum the instructions `.loc` gives them, and the filter proxy keeps the hot lines.
#include "tests/model/stepper_test_suites.h"

#include "engine/device/device_catalog.h"
#include "engine/host/kernel_executor.h"
#include "engine/host/prepared_scenario.h"
#include "engine/host/scenario_runner.h"
#include "model/device/device_catalog_load.h"
#include "model/source/source_filter_model.h"
#include "model/source/source_model.h"
#include "model/source/source_session.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

namespace model::tests {

namespace {

StepperTarget offsetCopy(const QString& device)
{
    StepperTarget target;
    target.scenarioFile = QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/scenarios/offset_copy.json");
    target.deviceId = device;
    target.overrides = { { QStringLiteral("n"), 4096 }, { QStringLiteral("offset"), 1 } };
    return target;
}

engine::LaunchReport runDirectly(const engine::DeviceCatalog& catalog, const std::string& device)
{
    auto prepared = engine::prepareScenario(WARPSCOPE_SOURCE_DIR "/resources/scenarios/offset_copy.json", device,
        { { "n", 4096 }, { "offset", 1 } }, catalog);
    engine::FunctionalExecutor executor;
    auto report = engine::runScenario(prepared->scenario, prepared->module, *prepared->profile, executor);
    return report->launches.front();
}

class SourceModelTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { m_load = loadDeviceCatalog({}); }

    void countersMatchTheRunsPerPcCounters_data()
    {
        QTest::addColumn<QString>("device");
        QTest::newRow("h100") << QStringLiteral("h100");
        QTest::newRow("g80") << QStringLiteral("g80");
        QTest::newRow("c2050") << QStringLiteral("c2050");
    }

    void countersMatchTheRunsPerPcCounters()
    {
        QFETCH(QString, device);
        SourceSession session(m_load.catalog);
        QAbstractItemModelTester tester(session.ptxModel());
        QSignalSpy delivered(&session, &SourceSession::snapshotChanged);
        session.load(offsetCopy(device));
        QVERIFY(delivered.wait(30000));
        const auto launch = runDirectly(*m_load.catalog, device.toStdString());
        const auto& perPc = launch.outcome.stats.perFunction[0];
        const auto* ptx = session.ptxModel();
        QCOMPARE(ptx->rowCount(), static_cast<int>(perPc.warpExecutions.size()));
        for (int row = 0; row < ptx->rowCount(); ++row) {
            const auto& c = session.snapshot()->ptxRows[row].counters;
            const auto pc = static_cast<std::size_t>(session.snapshot()->ptxRows[row].pc);
            QCOMPARE(c.warpExecutions, perPc.warpExecutions[pc]);
            QCOMPARE(c.threadExecutions, perPc.threadExecutions[pc]);
            QCOMPARE(c.divergentBranches, perPc.divergentBranches[pc]);
            QCOMPARE(c.globalRequests, launch.outcome.perPcMemory[pc].requests);
            QCOMPARE(c.sectors, launch.outcome.perPcMemory[pc].sectors);
            QCOMPARE(c.transactions, launch.outcome.perPcMemory[pc].transactions);
        }
    }

    void loadRowShowsSectorsPerRequestAndLinksToTheCudaLine()
    {
        SourceSession session(m_load.catalog);
        QSignalSpy delivered(&session, &SourceSession::snapshotChanged);
        session.load(offsetCopy(QStringLiteral("h100")));
        QVERIFY(delivered.wait(30000));
        const auto* ptx = session.ptxModel();
        const int load = 12; // ld.global.f32
        QVERIFY(ptx->index(load, SourceModel::TextColumn).data().toString().startsWith(QStringLiteral("ld.global.f32")));
        QCOMPARE(ptx->index(load, SourceModel::ExecutionsColumn).data().toString(), QStringLiteral("128"));
        QCOMPARE(ptx->index(load, SourceModel::SectorsPerRequestColumn).data().toString(), QStringLiteral("5.00"));
        QCOMPARE(ptx->index(load, SourceModel::LineColumn).data(SourceModel::LinkedRowsRole).value<QList<int>>(),
            QList<int> { 5 }); // CUDA line 6, row 5
        const auto* cuda = session.cudaModel();
        QCOMPARE(cuda->rowCount(), 7);
        QVERIFY(cuda->index(5, SourceModel::TextColumn).data().toString().contains(QStringLiteral("odata[xid] = idata[xid]")));
        // Line 6 holds the load and the store: 2 requests of 5 sectors each per warp.
        QCOMPARE(cuda->index(5, SourceModel::GlobalRequestsColumn).data().toString(), QStringLiteral("256"));
        QCOMPARE(cuda->index(5, SourceModel::HeatColumn).data(SourceModel::HeatRole).toDouble(), 1.0);
    }

    void filterKeepsHotExecutedLinesAndSortsByNumbers()
    {
        SourceSession session(m_load.catalog);
        QSignalSpy delivered(&session, &SourceSession::snapshotChanged);
        session.load(offsetCopy(QStringLiteral("h100")));
        QVERIFY(delivered.wait(30000));
        SourceFilterModel filter;
        QAbstractItemModelTester tester(&filter);
        filter.setSourceModel(session.cudaModel());
        QCOMPARE(filter.rowCount(), 7);
        filter.setExecutedOnly(true);
        QCOMPARE(filter.rowCount(), 4); // lines 3, 5, 6, 7
        filter.setMinimumHeat(0.9);
        QCOMPARE(filter.rowCount(), 1);
        filter.setMinimumHeat(0);
        filter.setTextFilter(QStringLiteral("XID"));
        QCOMPARE(filter.rowCount(), 2);
        filter.setTextFilter({});
        filter.sort(SourceModel::ExecutionsColumn, Qt::DescendingOrder);
        QCOMPARE(filter.index(0, SourceModel::LineColumn).data().toInt(), 5);
    }

private:
    DeviceCatalogLoad m_load;
};

} // namespace

std::unique_ptr<QObject> makeSourceModelTest() { return std::make_unique<SourceModelTest>(); }

} // namespace model::tests

#include "test_source_model.moc"

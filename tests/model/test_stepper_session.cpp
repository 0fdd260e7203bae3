// The warp stepper's session on offsetCopy: stepping back undoes a step exactly, breakpoints stop, and the
// memory picture of the misaligned load follows the device: 5 sectors on H100, 16 transactions per half-warp
// on G80 (Best Practices Guide, "Effects of Misaligned Accesses").
#include "tests/model/stepper_test_suites.h"

#include "model/device/device_catalog_load.h"
#include "model/stepper/register_table_model.h"
#include "model/stepper/stepper_session.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace model::tests {

namespace {

constexpr int kLoadPc = 12; // ld.global.f32 %f1, [%rd6] in offset_copy.ptx
constexpr int kStorePc = 14; // st.global.f32 [%rd7], %f1

StepperTarget offsetCopy(const QString& device, int offset)
{
    StepperTarget target;
    target.scenarioFile = QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/scenarios/offset_copy.json");
    target.deviceId = device;
    target.overrides = { { QStringLiteral("n"), 1024 }, { QStringLiteral("offset"), offset } };
    return target;
}

/// Waits until the session has delivered everything queued; returns its snapshot.
std::shared_ptr<const StepSnapshot> settle(StepperSession& session)
{
    if (!QTest::qWaitFor([&] { return !session.isBusy(); }, 20000))
        return nullptr;
    return session.snapshot();
}

bool sameState(const StepSnapshot& a, const StepSnapshot& b)
{
    if (a.pc != b.pc || a.stepCount != b.stepCount || a.activeMask != b.activeMask || a.exitedMask != b.exitedMask
        || a.registers.size() != b.registers.size() || a.memory.pc != b.memory.pc
        || a.memory.laneAddresses != b.memory.laneAddresses || a.memory.transactions.size() != b.memory.transactions.size())
        return false;
    for (qsizetype r = 0; r < a.registers.size(); ++r) {
        if (a.registers[r].name != b.registers[r].name || a.registers[r].values != b.registers[r].values)
            return false;
    }
    return true;
}

class StepperSessionTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { m_load = loadDeviceCatalog({}); }

    void opensAtTheFirstInstruction()
    {
        StepperSession session(m_load.catalog);
        session.open(offsetCopy(QStringLiteral("h100"), 1));
        const auto s = settle(session);
        QVERIFY(s);
        QCOMPARE(s->pc, 0);
        QCOMPARE(s->stepCount, quint64 { 0 });
        QCOMPARE(s->activeMask, 0xffffffffu);
        QCOMPARE(s->warpCount, 8);
        QCOMPARE(s->grid[0], 4u);
        QVERIFY(s->kernelName.startsWith(QStringLiteral("offsetCopy")));
        QVERIFY(s->ptxText.startsWith(QStringLiteral("ld.param.u64")));
        QCOMPARE(s->cudaLine, 3);
        QCOMPARE(s->memory.space, MemoryPicture::Space::None);
    }

    void stepBackUndoesStepExactly()
    {
        StepperSession session(m_load.catalog);
        session.open(offsetCopy(QStringLiteral("h100"), 1));
        settle(session);
        QVector<std::shared_ptr<const StepSnapshot>> forward { session.snapshot() };
        for (int i = 0; i < 13; ++i) {
            session.step();
            forward.push_back(settle(session));
        }
        QCOMPARE(forward.last()->pc, 13);
        for (int i = 12; i >= 0; --i) {
            session.stepBack();
            const auto back = settle(session);
            QVERIFY2(sameState(*back, *forward[i]), qPrintable(QStringLiteral("step %1").arg(i)));
        }
        QCOMPARE(session.snapshot()->stepCount, quint64 { 0 });
    }

    void changedRegistersAreFlagged()
    {
        StepperSession session(m_load.catalog);
        session.open(offsetCopy(QStringLiteral("h100"), 1));
        settle(session);
        for (int i = 0; i < 8; ++i)
            session.step(); // through mov %r4, %tid.x
        const auto s = settle(session);
        const auto it = std::find_if(s->registers.begin(), s->registers.end(),
            [](const RegisterRow& r) { return r.name == QStringLiteral("%r4"); });
        QVERIFY(it != s->registers.end());
        QCOMPARE(s->pc, 8); // the last step was mov.u32 %r4, %tid.x
        QCOMPARE(it->changedMask, 0xfffffffeu); // lane 0's %r4 is 0, as before
        QCOMPARE(it->values[31], quint64 { 31 });
    }

    void fragmentRegistersHoverAsMatrixElements()
    {
        // mma_ldmatrix.cu: the ldmatrix.x4 that loads A's fragment; lane 13 (groupID 3, threadID_in_group 1)
        // gets row 3, columns 2..3 of matrix 1 in its second register (PTX ISA 8.5 §9.7.14.5.15).
        // The stepper steps a scenario's first launch: a scenario whose first launch is the GEMM (inputs zero).
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile file(dir.filePath(QStringLiteral("mma.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"warpscope": 1, "name": "mma", "module": ")" WARPSCOPE_SOURCE_DIR
                   R"(/resources/kernels/sm_90/mma_ldmatrix.ptx", "device": "h100",
            "buffers": {"a": {"type": "u16", "count": 256, "init": "zero"}, "b": {"type": "u16", "count": 256, "init": "zero"},
                        "c": {"type": "f32", "count": 256, "init": "zero"}},
            "steps": [{"launch": {"kernel": "mmaLdmatrixGemm", "grid": [2, 1], "block": [32],
                                  "args": ["a", "b", "c", 16, 16, 16]}}]})");
        file.close();
        StepperTarget target;
        target.scenarioFile = file.fileName();
        StepperSession session(m_load.catalog);
        session.open(target);
        const auto s = settle(session);
        QVERIFY(s);
        QVERIFY2(s->error.isEmpty(), qPrintable(s->error));
        RegisterTableModel table(RegisterTableModel::Rows::Registers);
        table.setSnapshot(s);
        int fragments = 0;
        bool found = false;
        for (int row = 0; row < table.rowCount(); ++row) {
            const QVariant tip = table.data(table.index(row, 13), Qt::ToolTipRole);
            fragments += tip.isValid() ? 1 : 0;
            found = found || tip.toString() == QStringLiteral("matrix 1 [3][2..3]");
        }
        QVERIFY(found);
        QVERIFY(fragments >= 10); // A (4), B (2) and the accumulator (4) at least
        QVERIFY(fragments < table.rowCount()); // addresses and counters have no matrix element
    }

    void breakpointStopsContinue()
    {
        StepperSession session(m_load.catalog);
        session.open(offsetCopy(QStringLiteral("h100"), 1));
        settle(session);
        session.toggleBreakpoint(kStorePc);
        QCOMPARE(session.breakpoints(0), QList<int> { kStorePc });
        session.continueRun();
        const auto s = settle(session);
        QCOMPARE(s->stopReason, StopReason::Breakpoint);
        QCOMPARE(s->pc, kStorePc);
        session.toggleBreakpoint(kStorePc);
        session.continueRun();
        QCOMPARE(settle(session)->stopReason, StopReason::WarpDone);
    }

    void offsetOneCostsFiveSectorsOnH100AndSixteenTransactionsPerHalfWarpOnG80()
    {
        StepperSession session(m_load.catalog);
        session.open(offsetCopy(QStringLiteral("h100"), 1));
        settle(session);
        session.runToCursor(kLoadPc + 1);
        const auto h100 = settle(session);
        QCOMPARE(h100->stopReason, StopReason::Cursor);
        QCOMPARE(h100->memory.space, MemoryPicture::Space::Global);
        QCOMPARE(h100->memory.pc, kLoadPc);
        QCOMPARE(h100->memory.transactions.size(), 5);
        QCOMPARE(h100->memory.sectorCount, 5);
        QCOMPARE(h100->memory.laneAddresses[1] - h100->memory.laneAddresses[0], quint64 { 4 });
        session.setDevice(QStringLiteral("g80"));
        const auto g80 = settle(session);
        QCOMPARE(g80->deviceId, QStringLiteral("g80"));
        QCOMPARE(g80->stepCount, h100->stepCount);
        QCOMPARE(g80->pc, h100->pc);
        QCOMPARE(g80->memory.lanesPerGroup, 16);
        QCOMPARE(g80->memory.transactionsInGroup(0), 16);
        QCOMPARE(g80->memory.transactionsInGroup(1), 16);
        QVERIFY(!g80->memory.explanation.isEmpty());
        QVERIFY(g80->memory.explanation != h100->memory.explanation);
    }

    void alignedCopyCostsFourSectors()
    {
        StepperSession session(m_load.catalog);
        session.open(offsetCopy(QStringLiteral("h100"), 0));
        settle(session);
        session.runToCursor(kLoadPc + 1);
        QCOMPARE(settle(session)->memory.transactions.size(), 4);
    }

    void watchesEvaluatePerLane()
    {
        StepperSession session(m_load.catalog);
        session.open(offsetCopy(QStringLiteral("h100"), 1));
        settle(session);
        session.selectWarp(2);
        session.setWatches({ QStringLiteral("%r6 * 4"), QStringLiteral("%r6 +"), QStringLiteral("%f1") });
        session.runToCursor(kLoadPc);
        const auto s = settle(session);
        QCOMPARE(s->warp, 2);
        QCOMPARE(s->watches.size(), 3);
        QVERIFY(s->watches[0].error.isEmpty());
        QCOMPARE(s->watches[0].values[5], quint64 { (64 + 5 + 1) * 4 }); // warp 2, lane 5: tid 69, offset 1
        QVERIFY(!s->watches[1].error.isEmpty());
        QCOMPARE(s->watches[2].kind, ValueKind::Float32);
    }

    void runToEndCanBeCancelledOrFinishes()
    {
        StepperSession session(m_load.catalog);
        session.open(offsetCopy(QStringLiteral("h100"), 1));
        settle(session);
        session.runToEnd();
        const auto s = settle(session);
        QVERIFY(s->stopReason == StopReason::WarpDone || s->stopReason == StopReason::Cancelled);
        QCOMPARE(s->pc, -1);
        QCOMPARE(s->exitedMask, 0xffffffffu);
        session.restart();
        QCOMPARE(settle(session)->stepCount, quint64 { 0 });
    }

    void badScenarioFails()
    {
        StepperSession session(m_load.catalog);
        QSignalSpy failed(&session, &StepperSession::failed);
        StepperTarget target;
        target.scenarioFile = QStringLiteral("/nonexistent/scenario.json");
        session.open(target);
        QVERIFY(failed.wait(10000));
        QVERIFY(failed.first().first().toString().contains(QStringLiteral("scenario.json")));
    }

private:
    DeviceCatalogLoad m_load;
};

} // namespace

std::unique_ptr<QObject> makeStepperSessionTest() { return std::make_unique<StepperSessionTest>(); }

} // namespace model::tests

#include "test_stepper_session.moc"

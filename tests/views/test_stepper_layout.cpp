// View math of the stepper and Source views, without widgets: the lane strip, the memory picture and heat.
#include "tests/views/stepper_views_test_suites.h"

#include "views/source/heat_scale.h"
#include "views/stepper/lane_strip_layout.h"
#include "views/stepper/memory_picture_layout.h"

#include <QTest>

namespace views::tests {

namespace {

/// offsetCopy's load at offset 1 on H100: lanes read 4 bytes each from base + 4 (lane + 1).
model::MemoryPicture misalignedLoad()
{
    model::MemoryPicture p;
    p.space = model::MemoryPicture::Space::Global;
    p.activeMask = 0xffffffffu;
    p.bytesPerLane = 4;
    p.unitName = QStringLiteral("32-byte sectors");
    p.sectorCount = 5;
    p.efficiency = 0.8;
    for (int lane = 0; lane < 32; ++lane)
        p.laneAddresses.push_back(0x1000u + 4u * static_cast<quint64>(lane + 1));
    // Sectors at 0x1000 (lanes 0-6), 0x1020 (7-14), 0x1040 (15-22), 0x1060 (23-30), 0x1080 (31).
    p.transactions = { { 0x1000, 32, 0x0000007fu }, { 0x1020, 32, 0x00007f80u }, { 0x1040, 32, 0x007f8000u },
        { 0x1060, 32, 0x7f800000u }, { 0x1080, 32, 0x80000000u } };
    return p;
}

class StepperLayoutTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void laneCells_data()
    {
        QTest::addColumn<int>("lane");
        QTest::addColumn<double>("left");
        QTest::addColumn<double>("width");
        // 32 cells in 336 px with 31 gaps of 2 px and an 8 px half-warp gap: (336 - 70) / 32 = 8.3125 px.
        QTest::newRow("lane 0") << 0 << 0.0 << 8.3125;
        QTest::newRow("lane 1") << 1 << 10.3125 << 8.3125;
        QTest::newRow("lane 16 after the half-warp gap") << 16 << 16 * 10.3125 + 8 << 8.3125;
        QTest::newRow("lane 31 ends at the right edge") << 31 << 336 - 8.3125 << 8.3125;
    }

    void laneCells()
    {
        QFETCH(int, lane);
        QFETCH(double, left);
        QFETCH(double, width);
        const LaneStripLayout layout { QRectF(0, 0, 336, 20) };
        QCOMPARE(layout.laneRect(lane).left(), left);
        QCOMPARE(layout.laneRect(lane).width(), width);
        QCOMPARE(layout.laneAt(layout.laneRect(lane).center()), lane);
    }

    void laneHitTestingOutsideCells()
    {
        const LaneStripLayout layout { QRectF(0, 0, 336, 20) };
        QCOMPARE(layout.laneAt(QPointF(9.0, 10)), -1); // in the gap after lane 0
        QCOMPARE(layout.laneAt(QPointF(170, 10)), -1); // in the half-warp gap
        QCOMPARE(layout.laneAt(QPointF(5, 30)), -1); // below the strip
        QVERIFY(layout.laneRect(32).isEmpty());
    }

    void laneStates()
    {
        QCOMPARE(LaneStripLayout::stateOf(0, 0xffu, 0x0fu, 0x30u), LaneState::Active);
        QCOMPARE(LaneStripLayout::stateOf(4, 0xffu, 0x0fu, 0x30u), LaneState::Exited);
        QCOMPARE(LaneStripLayout::stateOf(6, 0xffu, 0x0fu, 0x30u), LaneState::Inactive);
        QCOMPARE(LaneStripLayout::stateOf(9, 0xffu, 0x0fu, 0x30u), LaneState::Absent);
        QVERIFY(LaneStripLayout::colorOf(LaneState::Active) != LaneStripLayout::colorOf(LaneState::Inactive));
    }

    void globalPictureLinksEachLaneToItsSector()
    {
        const auto layout = MemoryPictureLayout::compute(misalignedLoad(), QRectF(0, 0, 660, 150));
        QCOMPARE(layout.lanes.size(), 32);
        QCOMPARE(layout.targets.size(), 5);
        QCOMPARE(layout.links.size(), 32);
        QCOMPARE(layout.links[0].target, 0);
        QCOMPARE(layout.links[7].target, 1);
        QCOMPARE(layout.links[31].target, 4);
        QCOMPARE(layout.laneColors[31], layout.targets[4].color);
        QVERIFY(layout.targets[0].color != layout.targets[1].color);
        QVERIFY(layout.targets[0].rect.bottom() <= 150);
        QVERIFY(layout.lanes[0].bottom() < layout.targets[0].rect.top());
        QCOMPARE(layout.summary, QStringLiteral("5 × 32-byte sectors for 32 active lanes; 5 sectors; 80 % efficient"));
    }

    void halfWarpPictureCountsEachHalf()
    {
        model::MemoryPicture p = misalignedLoad();
        p.lanesPerGroup = 16;
        p.unitName = QStringLiteral("segments");
        p.transactions.clear();
        for (int lane = 0; lane < 32; ++lane)
            p.transactions.push_back({ p.laneAddresses[lane], 32, 1u << lane });
        const auto layout = MemoryPictureLayout::compute(p, QRectF(0, 0, 660, 150));
        QCOMPARE(layout.targets.size(), 32);
        QVERIFY(layout.summary.endsWith(QStringLiteral("(16 + 16 per half-warp)")));
    }

    void sharedPictureMarksConflictsAndBroadcasts()
    {
        model::MemoryPicture p;
        p.space = model::MemoryPicture::Space::Shared;
        p.activeMask = 0x7u;
        p.bankCount = 32;
        p.laneBank = QVector<int>(32, 0);
        p.laneBank[1] = 0;
        p.laneBank[2] = 5;
        p.laneWavefront = QVector<int>(32, 0);
        p.conflictLanes = 0x3u;
        p.broadcastLanes = 0x4u;
        p.conflictWays = 2;
        p.wavefronts = 2;
        p.idealWavefronts = 1;
        const auto layout = MemoryPictureLayout::compute(p, QRectF(0, 0, 660, 150));
        QCOMPARE(layout.targets.size(), 32);
        QCOMPARE(layout.links.size(), 3);
        QVERIFY(layout.links[0].conflict && layout.links[1].conflict && !layout.links[2].conflict);
        QVERIFY(layout.links[2].broadcast);
        QVERIFY(layout.targets[0].conflict);
        QVERIFY(!layout.targets[5].conflict);
        QCOMPARE(layout.summary, QStringLiteral("2-way bank conflict: 2 wavefronts where 1 would do"));
    }

    void heatColors_data()
    {
        QTest::addColumn<double>("heat");
        QTest::addColumn<QColor>("color");
        QTest::newRow("cold keeps the base") << 0.0 << QColor(Qt::white);
        QTest::newRow("below zero clamps") << -1.0 << QColor(Qt::white);
        QTest::newRow("warm is yellow") << 0.5 << QColor(0xff, 0xe0, 0x60);
        QTest::newRow("hot is red") << 1.0 << QColor(0xf0, 0x50, 0x40);
        QTest::newRow("above one clamps") << 3.0 << QColor(0xf0, 0x50, 0x40);
        QTest::newRow("halfway to warm") << 0.25 << QColor(0xff, 0xf0, 0xb0);
    }

    void heatColors()
    {
        QFETCH(double, heat);
        QFETCH(QColor, color);
        QCOMPARE(HeatScale {}.colorAt(heat), color);
    }
};

} // namespace

std::unique_ptr<QObject> makeStepperLayoutTest() { return std::make_unique<StepperLayoutTest>(); }

} // namespace views::tests

#include "test_stepper_layout.moc"

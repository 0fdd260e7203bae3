#include "tests/views/views_test_suites.h"

#include "views/streams/stream_layout.h"
#include "views/streams/time_axis.h"

#include <QTest>

namespace views::tests {

namespace {

model::TimelineBar bar(model::TimelineOpKind kind, model::TimelineEngine engine, int stream, double start, double end)
{
    model::TimelineBar b;
    b.kind = kind;
    b.engine = engine;
    b.stream = stream;
    b.name = QStringLiteral("op");
    b.bytes = kind == model::TimelineOpKind::Kernel ? 0 : 1048576;
    b.startUs = start;
    b.endUs = end;
    return b;
}

/// Two streams, each a host-to-device copy then a kernel: the staged copy-and-execute pattern.
QVector<model::TimelineBar> stagedTimeline()
{
    using K = model::TimelineOpKind;
    using E = model::TimelineEngine;
    return { bar(K::MemcpyHostToDevice, E::CopyHostToDevice, 1, 0, 10), bar(K::Kernel, E::Compute, 1, 10, 15),
        bar(K::MemcpyHostToDevice, E::CopyHostToDevice, 2, 10, 20), bar(K::Kernel, E::Compute, 2, 20, 20) };
}

class StreamViewMathTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void timeAndPixelsRoundTrip_data()
    {
        QTest::addColumn<double>("startUs");
        QTest::addColumn<double>("usPerPixel");
        QTest::addColumn<double>("us");
        QTest::addColumn<double>("pixel");
        QTest::newRow("origin") << 0.0 << 1.0 << 0.0 << 100.0;
        QTest::newRow("one per pixel") << 0.0 << 1.0 << 50.0 << 150.0;
        QTest::newRow("scrolled") << 20.0 << 0.5 << 30.0 << 120.0;
        QTest::newRow("before start") << 10.0 << 2.0 << 0.0 << 95.0;
    }
    void timeAndPixelsRoundTrip()
    {
        QFETCH(double, startUs);
        QFETCH(double, usPerPixel);
        QFETCH(double, us);
        QFETCH(double, pixel);
        const TimeAxis axis { startUs, usPerPixel, 100.0 };
        QCOMPARE(axis.toPixel(us), pixel);
        QCOMPARE(axis.toTime(pixel), us);
    }

    void zoomKeepsTheAnchoredTime_data()
    {
        QTest::addColumn<double>("factor");
        QTest::addColumn<double>("anchorPx");
        QTest::newRow("in at the left edge") << 2.0 << 100.0;
        QTest::newRow("in at the middle") << 1.25 << 400.0;
        QTest::newRow("out at the right") << 0.5 << 900.0;
    }
    void zoomKeepsTheAnchoredTime()
    {
        QFETCH(double, factor);
        QFETCH(double, anchorPx);
        TimeAxis axis { 5.0, 0.2, 100.0 };
        const double before = axis.toTime(anchorPx);
        axis.zoom(factor, anchorPx);
        QCOMPARE(axis.usPerPixel, 0.2 / factor);
        QVERIFY(qFuzzyCompare(axis.toTime(anchorPx), before));
    }

    void panAndFit()
    {
        TimeAxis axis { 0.0, 0.5, 100.0 };
        axis.pan(40); // dragging right shows earlier times
        QCOMPARE(axis.startUs, -20.0);
        axis.fit(0, 100, 1000);
        QVERIFY(axis.toPixel(0) > axis.leftPx);
        QVERIFY(axis.toPixel(100) < axis.leftPx + 1000);
        QVERIFY(qFuzzyCompare(axis.toPixel(50) - axis.leftPx, 500.0));
    }

    void ticksUseOneTwoFiveSteps()
    {
        const TimeAxis axis { 0.0, 0.1, 0.0 }; // 100 px = 10 µs
        QCOMPARE(axis.tickStepUs(80), 10.0);
        QCOMPARE(axis.tickStepUs(120), 20.0);
        QCOMPARE(axis.ticks(1000, 80), (QVector<double> { 0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100 }));
        QCOMPARE(formatMicroseconds(0.25), QStringLiteral("250 ns"));
        QCOMPARE(formatMicroseconds(12.5), QStringLiteral("12.5 µs"));
        QCOMPARE(formatMicroseconds(2500), QStringLiteral("2.50 ms"));
    }

    void rowsPerStreamThenPerEngine()
    {
        const auto layout = StreamLayout::build(stagedTimeline());
        QCOMPARE(layout.rows.size(), 4);
        QCOMPARE(layout.rows[0].label, QStringLiteral("Stream 1"));
        QCOMPARE(layout.rows[1].label, QStringLiteral("Stream 2"));
        QCOMPARE(layout.rows[2].label, QStringLiteral("Compute"));
        QCOMPARE(layout.rows[3].label, QStringLiteral("H2D copy"));
        QCOMPARE(layout.rows[0].bars, (QVector<int> { 0, 1 }));
        QCOMPARE(layout.rows[2].bars, (QVector<int> { 1, 3 }));
        QCOMPARE(layout.rows[3].bars, (QVector<int> { 0, 2 }));
        // Engine rows sit below a gap after the stream rows.
        QVERIFY(layout.rowTop(2) - layout.rowTop(1) > StreamLayout::rowHeight + StreamLayout::rowGap);
        QCOMPARE(layout.rowAt(layout.rowTop(1) + 1), 1);
        QCOMPARE(layout.rowAt(1), -1); // the ruler band
        QCOMPARE(layout.rowAt(layout.height() + 5), -1);
    }

    void hitTestingFindsBars_data()
    {
        QTest::addColumn<int>("row");
        QTest::addColumn<double>("us");
        QTest::addColumn<int>("expected");
        QTest::newRow("copy of stream 1") << 0 << 5.0 << 0;
        QTest::newRow("kernel of stream 1") << 0 << 12.0 << 1;
        QTest::newRow("gap in stream 2") << 1 << 5.0 << -1;
        QTest::newRow("zero-length kernel stays hittable") << 2 << 20.05 << 3;
        QTest::newRow("second copy on the H2D engine") << 3 << 15.0 << 2;
        QTest::newRow("after the end") << 3 << 40.0 << -1;
    }
    void hitTestingFindsBars()
    {
        QFETCH(int, row);
        QFETCH(double, us);
        QFETCH(int, expected);
        const auto timeline = stagedTimeline();
        const auto layout = StreamLayout::build(timeline);
        const TimeAxis axis { 0.0, 0.05, 150.0 }; // 20 px per µs
        const QPointF point(axis.toPixel(us), layout.rowTop(row) + StreamLayout::rowHeight / 2);
        QCOMPARE(layout.barAt(axis, timeline, point), expected);
    }

    void detailsNameKindBytesBandwidthAndDuration()
    {
        const auto copy = stagedTimeline().front();
        const auto text = barDetails(copy);
        QVERIFY2(text.contains(QStringLiteral("Memcpy HtoD")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("1 MiB")));
        QVERIFY(text.contains(QStringLiteral("Bandwidth: 104.86 GB/s"))); // 1 MiB in 10 µs
        QVERIFY(text.contains(QStringLiteral("Duration: 10 µs")));
        QVERIFY(barDetails(stagedTimeline().back()).contains(QStringLiteral("not timed")));
    }
};

} // namespace

std::unique_ptr<QObject> makeStreamViewMathTest()
{
    return std::make_unique<StreamViewMathTest>();
}

} // namespace views::tests

#include "test_stream_view_math.moc"

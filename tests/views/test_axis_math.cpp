#include "tests/views/views_test_suites.h"

#include "views/plot/axis_math.h"

#include <QTest>

namespace views::tests {

namespace {

class AxisMathTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void decimalSteps_data()
    {
        QTest::addColumn<double>("range");
        QTest::addColumn<int>("ticks");
        QTest::addColumn<double>("step");
        QTest::newRow("percent") << 100.0 << 5 << 20.0;
        QTest::newRow("percent, ten ticks") << 100.0 << 10 << 10.0;
        QTest::newRow("small") << 0.7 << 7 << 0.1;
        QTest::newRow("rounds up to 5") << 33.0 << 10 << 5.0;
        QTest::newRow("rounds up to 10") << 60.0 << 10 << 10.0;
        QTest::newRow("empty range") << 0.0 << 5 << 1.0;
        QTest::newRow("no ticks asked") << 100.0 << 0 << 1.0;
    }
    void decimalSteps()
    {
        QFETCH(double, range);
        QFETCH(int, ticks);
        QFETCH(double, step);
        QCOMPARE(niceDecimalStep(range, ticks), step);
    }

    void binarySteps_data()
    {
        QTest::addColumn<double>("range");
        QTest::addColumn<int>("ticks");
        QTest::addColumn<double>("step");
        QTest::newRow("threads 1024") << 1024.0 << 8 << 128.0;
        QTest::newRow("threads 512") << 512.0 << 8 << 64.0;
        QTest::newRow("registers 255") << 255.0 << 8 << 32.0;
        QTest::newRow("registers 124") << 124.0 << 8 << 16.0;
        QTest::newRow("shared 227 KiB") << 232448.0 << 7 << 32768.0;
        QTest::newRow("shared 16 KiB") << 16384.0 << 7 << 2048.0;
        QTest::newRow("warps 64") << 64.0 << 5 << 16.0;
        QTest::newRow("warps 24") << 24.0 << 5 << 4.0;
        QTest::newRow("never below one") << 3.0 << 8 << 1.0;
        QTest::newRow("empty range") << 0.0 << 8 << 1.0;
    }
    void binarySteps()
    {
        QFETCH(double, range);
        QFETCH(int, ticks);
        QFETCH(double, step);
        QCOMPARE(niceBinaryStep(range, ticks), step);
    }

    void bytes_data()
    {
        QTest::addColumn<double>("bytes");
        QTest::addColumn<QString>("text");
        QTest::newRow("zero") << 0.0 << QStringLiteral("0 B");
        QTest::newRow("bytes") << 512.0 << QStringLiteral("512 B");
        QTest::newRow("1023") << 1023.0 << QStringLiteral("1023 B");
        QTest::newRow("one KiB") << 1024.0 << QStringLiteral("1 KiB");
        QTest::newRow("fraction") << 1536.0 << QStringLiteral("1.5 KiB");
        QTest::newRow("h100 per block") << 232448.0 << QStringLiteral("227 KiB");
        QTest::newRow("allocated") << 33792.0 << QStringLiteral("33 KiB");
        QTest::newRow("MiB") << 2.0 * 1024 * 1024 << QStringLiteral("2 MiB");
        QTest::newRow("GiB") << 80.0 * 1024 * 1024 * 1024 << QStringLiteral("80 GiB");
        QTest::newRow("negative") << -2048.0 << QStringLiteral("-2 KiB");
    }
    void bytes()
    {
        QFETCH(double, bytes);
        QFETCH(QString, text);
        QCOMPARE(formatBytes(bytes), text);
    }

    void percent_data()
    {
        QTest::addColumn<double>("percent");
        QTest::addColumn<QString>("text");
        QTest::newRow("full") << 100.0 << QStringLiteral("100 %");
        QTest::newRow("half a point") << 87.5 << QStringLiteral("87.5 %");
        QTest::newRow("thirds") << 100.0 / 3 << QStringLiteral("33.3 %");
        QTest::newRow("zero") << 0.0 << QStringLiteral("0 %");
    }
    void percent()
    {
        QFETCH(double, percent);
        QFETCH(QString, text);
        QCOMPARE(formatPercent(percent), text);
    }

    void sharedMemorySpinSteps_data()
    {
        QTest::addColumn<int>("unit");
        QTest::addColumn<int>("step");
        QTest::newRow("h100: 128 B") << 128 << 1024;
        QTest::newRow("g80: 512 B") << 512 << 1024;
        QTest::newRow("larger than 1 KiB") << 1536 << 1536;
        QTest::newRow("not a divisor") << 384 << 1152;
        QTest::newRow("unknown") << 0 << 1024;
    }
    void sharedMemorySpinSteps()
    {
        QFETCH(int, unit);
        QFETCH(int, step);
        QCOMPARE(sharedMemorySpinStep(unit), step);
    }

    void paddedRanges()
    {
        const auto range = paddedRange(0, 1000, 0.02);
        QCOMPARE(range.lower, -20.0);
        QCOMPARE(range.upper, 1020.0);
        const auto flat = paddedRange(5, 5, 0.02);
        QCOMPARE(flat.lower, 4.0);
        QCOMPARE(flat.upper, 6.0);
    }
};

} // namespace

std::unique_ptr<QObject> makeAxisMathTest()
{
    return std::make_unique<AxisMathTest>();
}

} // namespace views::tests

#include "test_axis_math.moc"

#include "tests/views/views_test_suites.h"

#include "engine/device/device_catalog.h"
#include "views/plot/qcustomplot.h"
#include "views/roofline/memory_chart_widget.h"
#include "views/roofline/roofline_chart.h"
#include "views/roofline/roofline_geometry.h"
#include "views/roofline/speed_of_light_panel.h"

#include <QTest>

#include <cmath>

namespace views::tests {

namespace {

/// A run of device `id` with one timed launch: 1 GFLOP in `cycles` SM cycles (1 ms at the H100's 1.98 GHz) over
/// 100 MB of DRAM and 400 MB of L2 traffic.
std::shared_ptr<const model::RooflineRun> deviceRun(const std::string& id, std::uint64_t cycles)
{
    static const auto catalog = engine::DeviceCatalog::load({}).catalog;
    const auto& profile = *catalog.find(id);
    auto run = std::make_shared<model::RooflineRun>();
    run->deviceId = id;
    run->deviceName = profile.name;
    run->ceilings = engine::deviceCeilings(profile);
    model::RooflineLaunch launch;
    launch.kernel = "sharedABMultiply";
    launch.counters.cycles = cycles;
    launch.counters.mix.flops[static_cast<std::size_t>(engine::FlopKind::Fp32)] = 1'000'000'000;
    launch.counters.mix.pipeWarpInstructions[0] = 1'000'000'000 / 64;
    launch.counters.dramBytesRead = 100'000'000;
    launch.counters.dramBytesWritten = 0;
    launch.counters.caches = engine::CacheCounters { 0, 0, 10'000'000, 2'500'000 };
    launch.counters.memory.globalLoadRequests = 1000;
    launch.counters.memory.globalLoadSectors = 4000;
    launch.roofline = engine::launchRoofline(profile, launch.counters);
    launch.speedOfLight = engine::speedOfLight(profile, launch.counters);
    launch.memoryChart = engine::memoryChart(profile, launch.counters);
    run->launches.push_back(launch);
    return run;
}

std::shared_ptr<const model::RooflineRun> h100Run() { return deviceRun("h100", 1'980'000); }

class RooflineViewsTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void geometry()
    {
        QCOMPARE(roofline_geometry::ridge(1e12, 10e12), 10.0);
        QCOMPARE(roofline_geometry::attainable(1.0, 1e12, 10e12), 1e12);
        QCOMPARE(roofline_geometry::attainable(100.0, 1e12, 10e12), 10e12);
        const auto range = roofline_geometry::decades({ 0.3, 2500.0, -1.0 }, { 1, 10 });
        QCOMPARE(range.lower, 0.1);
        QCOMPARE(range.upper, 10000.0);
        QCOMPARE(roofline_geometry::nearest({ { 0, 0 }, { 10, 10 } }, { 9, 9 }, 3), std::optional<int>(1));
        QVERIFY(!roofline_geometry::nearest({ { 0, 0 } }, { 9, 9 }, 3));
    }

    void labelsOfOneColumnNeverOverlap()
    {
        // The V100's FP64 (7.8 TFLOP/s), FP32 (15.7) and its integer roof (15.7 Tops/s): the last two share a
        // line, so one moves up by a text line; a label far from the others stays where its roof is.
        const QVector<double> anchors { std::log10(15.7e12), std::log10(7.8e12), std::log10(15.7e12), 14.0 };
        const auto placed = roofline_geometry::spread(anchors, 0.12);
        QCOMPARE(placed[1], anchors[1]);
        QCOMPARE(placed[0], anchors[0]);
        QCOMPARE(placed[2], anchors[0] + 0.12);
        QCOMPARE(placed[3], 14.0);
        for (int i = 0; i < placed.size(); ++i) {
            QVERIFY(placed[i] >= anchors[i]);
            for (int j = 0; j < placed.size(); ++j)
                QVERIFY(i == j || std::abs(placed[i] - placed[j]) >= 0.12 - 1e-12);
        }
    }

    void chartPlacesAndNamesTheDots()
    {
        RooflineChart chart;
        chart.resize(800, 500);
        chart.setRuns({ h100Run() });
        chart.plot()->replot();
        QCOMPARE(chart.dotCount(), 3); // L1, L2, DRAM
        const double x = chart.plot()->xAxis->coordToPixel(10.0); // 1 GFLOP / 100 MB
        const double y = chart.plot()->yAxis->coordToPixel(1e12); // 1 GFLOP / 1 ms
        const auto tip = chart.toolTipAt({ x, y });
        QVERIFY2(tip.contains(QStringLiteral("sharedABMultiply")) && tip.contains(QStringLiteral("DRAM")), qPrintable(tip));
        QVERIFY(chart.toolTipAt({ 1, 1 }).isEmpty());
    }

    void pinnedRunsOfOtherDevicesShareTheChart()
    {
        // The same launch on a C2050 (pinned) and an H100 (current): each device's dots under its own roofs,
        // each named by its device; a click selects only the current run's launch.
        const auto c2050 = deviceRun("c2050", 20'000'000);
        RooflineChart chart;
        chart.resize(800, 500);
        chart.setRuns({ c2050, h100Run() });
        chart.plot()->replot();
        const auto c2050Dots = static_cast<int>(c2050->launches.front().roofline->points.size());
        QVERIFY(c2050Dots > 0);
        QCOMPARE(chart.dotCount(), c2050Dots + 3);
        QStringList roofNames;
        for (int i = 0; i < chart.plot()->graphCount(); ++i)
            roofNames << chart.plot()->graph(i)->name();
        QVERIFY2(roofNames.join(QLatin1Char(';')).contains(QStringLiteral("c2050")), qPrintable(roofNames.join(QLatin1Char(';'))));
        QVERIFY2(roofNames.join(QLatin1Char(';')).contains(QStringLiteral("h100")), qPrintable(roofNames.join(QLatin1Char(';'))));
        const auto seconds = c2050->launches.front().roofline->seconds;
        const double x = chart.plot()->xAxis->coordToPixel(10.0); // DRAM: 1 GFLOP / 100 MB on both
        const auto slower = chart.toolTipAt({ x, chart.plot()->yAxis->coordToPixel(1e9 / seconds) });
        QVERIFY2(slower.startsWith(QString::fromStdString(c2050->deviceName)), qPrintable(slower));
        const auto faster = chart.toolTipAt({ x, chart.plot()->yAxis->coordToPixel(1e12) });
        QVERIFY2(faster.startsWith(QString::fromStdString(h100Run()->deviceName)), qPrintable(faster));
    }

    void speedOfLightNamesTheLimiter()
    {
        const auto run = h100Run();
        SpeedOfLightPanel panel;
        panel.showLaunch(run.get(), &run->launches.front());
        QVERIFY2(panel.limiterText().contains(QStringLiteral("latency-bound")), qPrintable(panel.limiterText()));
        panel.showLaunch(nullptr, nullptr);
        QVERIFY(panel.limiterText().contains(QStringLiteral("Run a scenario")));
    }

    void memoryChartFollowsTheDevice()
    {
        const auto run = h100Run();
        MemoryChartWidget widget;
        widget.resize(900, 320);
        widget.showLaunch(run.get(), &run->launches.front());
        QVERIFY(!widget.boxRect(QStringLiteral("l1")).isEmpty());
        QVERIFY(widget.boxRect(QStringLiteral("host")).isEmpty()); // no copies in this run
        const auto text = widget.linkText(QStringLiteral("l2"), QStringLiteral("dram"));
        QVERIFY2(text.contains(QStringLiteral("% of peak")), qPrintable(text));
        QVERIFY(widget.boxRect(QStringLiteral("l1")).left() > widget.boxRect(QStringLiteral("global")).right());
    }
};

} // namespace

std::unique_ptr<QObject> makeRooflineViewsTest() { return std::make_unique<RooflineViewsTest>(); }

} // namespace views::tests

#include "test_roofline_views.moc"

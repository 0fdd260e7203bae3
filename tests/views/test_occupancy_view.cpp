#include "tests/views/views_test_suites.h"

#include "model/device/device_catalog_load.h"
#include "model/occupancy/occupancy_model.h"
#include "views/occupancy/occupancy_chart.h"
#include "views/occupancy/occupancy_inputs_panel.h"
#include "views/occupancy/occupancy_results_panel.h"
#include "views/occupancy/occupancy_view.h"
#include "views/plot/qcustomplot.h"

#include <QLabel>
#include <QSpinBox>
#include <QTest>

namespace views::tests {

namespace {

// The x of the single point of the chart's marker graph.
double markerX(const OccupancyChart& chart)
{
    return chart.marker()->data()->isEmpty() ? -1.0 : chart.marker()->data()->begin()->key;
}

double markerY(const OccupancyChart& chart)
{
    return chart.marker()->data()->isEmpty() ? -1.0 : chart.marker()->data()->begin()->value;
}

class OccupancyViewTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init()
    {
        m_occupancy = std::make_unique<model::OccupancyModel>(model::loadDeviceCatalog({}).catalog);
        QVERIFY(m_occupancy->setDeviceId(QStringLiteral("h100")));
        m_occupancy->setInputs({ 256, 32, 0, {} });
        m_view = std::make_unique<OccupancyView>(m_occupancy.get());
        m_view->resize(1400, 900);
        m_view->show();
    }

    void cleanup()
    {
        m_view.reset();
        m_occupancy.reset();
    }

    void spinBoxesShowTheModelsInputs()
    {
        auto* inputs = m_view->inputsPanel();
        QCOMPARE(inputs->threadsSpinBox()->value(), 256);
        QCOMPARE(inputs->threadsSpinBox()->singleStep(), 32);
        QCOMPARE(inputs->threadsSpinBox()->maximum(), 1024);
        QCOMPARE(inputs->registersSpinBox()->value(), 32);
        QCOMPARE(inputs->registersSpinBox()->maximum(), 255);
        QCOMPARE(inputs->sharedBytesSpinBox()->value(), 0);
        QCOMPARE(inputs->sharedBytesSpinBox()->singleStep(), 1024);
        QCOMPARE(inputs->sharedBytesSpinBox()->maximum(), 232448);
    }

    void spinBoxesDriveTheSnapshot()
    {
        auto* inputs = m_view->inputsPanel();
        inputs->sharedBytesSpinBox()->setValue(32768);
        QCOMPARE(m_occupancy->snapshot().inputs.sharedBytesPerBlock, 32768);
        QCOMPARE(m_occupancy->snapshot().blocksPerSm, 6);
        inputs->threadsSpinBox()->stepUp();
        QCOMPARE(m_occupancy->snapshot().inputs.threadsPerBlock, 288);
        inputs->registersSpinBox()->setValue(64);
        QCOMPARE(m_occupancy->inputs(), (model::OccupancyInputs { 288, 64, 32768, {} }));
    }

    void resultsPanelFollowsTheSnapshot()
    {
        auto* results = m_view->resultsPanel();
        QCOMPARE(results->blocksLabel()->text(), QStringLiteral("8"));
        QCOMPARE(results->warpsLabel()->text(), QStringLiteral("64 of 64"));
        QCOMPARE(results->occupancyLabel()->text(), QStringLiteral("100 %"));
        // 32 registers × 64 warps is exactly the 65 536 registers of an SM, so both resources cap at 8 blocks.
        QCOMPARE(results->limitedByLabel()->text(), QStringLiteral("Warps per SM, Registers"));
        m_view->inputsPanel()->sharedBytesSpinBox()->setValue(32768);
        QCOMPARE(results->occupancyLabel()->text(), QStringLiteral("75 %"));
        QCOMPARE(results->limitedByLabel()->text(), QStringLiteral("Shared memory"));
        QVERIFY(results->explanationLabel()->text().startsWith(QStringLiteral("6 blocks of 256 threads")));
    }

    void graphsHaveDataAndMarkersAtTheCurrentInputs()
    {
        const auto& snapshot = m_occupancy->snapshot();
        struct Expected {
            OccupancyChart* chart;
            int points;
            double x;
        };
        for (const auto& [chart, points, x] : { Expected { m_view->threadsChart(), 32, 256.0 },
                 Expected { m_view->registersChart(), 255, 32.0 },
                 Expected { m_view->sharedMemoryChart(), 1 + 232448 / 128, 0.0 } }) {
            QCOMPARE(chart->curve()->dataCount(), points);
            QCOMPARE(markerX(*chart), x);
            QCOMPARE(markerY(*chart), snapshot.occupancyPercent);
            QCOMPARE(chart->markerLine()->point1->coords().x(), x);
            QCOMPARE(chart->markerLine()->point2->coords().x(), x);
            QVERIFY(chart->plot()->xAxis->range().contains(x));
            QVERIFY(!chart->plot()->xAxis->label().isEmpty());
            QVERIFY(chart->plot()->yAxis->label().contains(QStringLiteral("%")));
        }
    }

    void editingAnInputMovesItsMarker()
    {
        m_view->inputsPanel()->registersSpinBox()->setValue(80);
        const auto& snapshot = m_occupancy->snapshot();
        QCOMPARE(markerX(*m_view->registersChart()), 80.0);
        QCOMPARE(markerY(*m_view->threadsChart()), snapshot.occupancyPercent);
        QVERIFY(snapshot.occupancyPercent < 100.0);
        // The threads curve was recomputed at 80 registers: 1024-thread blocks no longer fit.
        const auto* curve = m_view->threadsChart()->curve();
        QCOMPARE((curve->data()->end() - 1)->value, 0.0);
    }

    void switchingTheDeviceRedrawsEverything()
    {
        m_occupancy->setInputs({ 1024, 32, 49152, {} });
        QVERIFY(m_occupancy->setDeviceId(QStringLiteral("g80")));
        const auto& snapshot = m_occupancy->snapshot();
        QCOMPARE(m_view->threadsChart()->curve()->dataCount(), 512 / 32);
        QCOMPARE(m_view->inputsPanel()->threadsSpinBox()->maximum(), 512);
        QCOMPARE(m_view->inputsPanel()->threadsSpinBox()->value(), 512);
        QCOMPARE(m_view->inputsPanel()->sharedBytesSpinBox()->value(), snapshot.sharedBytesRange.maximum);
        QCOMPARE(markerX(*m_view->threadsChart()), 512.0);
        QCOMPARE(m_view->registersChart()->curve()->dataCount(), snapshot.registersRange.maximum);
        QCOMPARE(m_view->threadsChart()->plot()->yAxis2->range().upper, snapshot.maxWarpsPerSm * 1.05);
        auto* title = m_view->findChild<QLabel*>(QStringLiteral("deviceTitle"));
        QVERIFY(title->text().contains(QStringLiteral("CC 1.0")));
    }

    void rendersWithoutAWindowSystem()
    {
        const auto picture = m_view->grab();
        QVERIFY(!picture.isNull());
        QVERIFY(picture.width() >= 1000);
    }

private:
    std::unique_ptr<model::OccupancyModel> m_occupancy;
    std::unique_ptr<OccupancyView> m_view;
};

} // namespace

std::unique_ptr<QObject> makeOccupancyViewTest()
{
    return std::make_unique<OccupancyViewTest>();
}

} // namespace views::tests

#include "test_occupancy_view.moc"

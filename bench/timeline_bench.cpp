// Frame times of the Warp Timeline (issue 9: panning a launch of 1 million intervals at 30 frames per second
// or more). The view never paints more than the store hands it: at most IntervalSummaryBuilder::kMaxRawIntervals
// raw intervals in a window, else per-SM buckets no finer than a pixel column. So a frame is bounded by those
// two cases, measured here on a 1600 x 900 canvas rendered into a QImage: the densest raw window (65 536
// intervals of 64 warps) and the zoomed-out launch (132 SMs x 1 600 columns of state shares), panned by 10
// pixels per frame.
#include "model/store/interval_summary_builder.h"
#include "views/timeline/warp_timeline_canvas.h"

#include <QApplication>
#include <QImage>
#include <QMouseEvent>
#include <QPainter>

#include <benchmark/benchmark.h>

namespace {

std::shared_ptr<const model::TimelineSlice> rawSlice()
{
    auto slice = std::make_shared<model::TimelineSlice>();
    slice->runId = 1;
    slice->launchId = 1;
    slice->kernel = QStringLiteral("bench");
    slice->clockMhz = 1980;
    const std::uint32_t count = model::IntervalSummaryBuilder::kMaxRawIntervals;
    std::vector<std::uint64_t> clock(64, 0);
    for (std::uint32_t i = 0; i < count; ++i) {
        engine::WarpInterval interval;
        const auto warp = i % 64;
        interval.startCycle = clock[warp];
        interval.endCycle = clock[warp] + 3 + (i * 7) % 40;
        clock[warp] = interval.endCycle;
        interval.sm = engine::SmId(0);
        interval.block = engine::BlockId(warp / 8);
        interval.warp = engine::WarpId(static_cast<std::uint16_t>(warp % 8));
        interval.state = static_cast<engine::WarpState>(i % engine::kWarpStateCount);
        slice->window.intervals.push_back(interval);
    }
    slice->lastCycle = *std::max_element(clock.begin(), clock.end());
    slice->endCycle = slice->lastCycle;
    return slice;
}

std::shared_ptr<const model::TimelineSlice> aggregatedSlice()
{
    auto slice = std::make_shared<model::TimelineSlice>();
    slice->runId = 1;
    slice->launchId = 1;
    slice->clockMhz = 1980;
    slice->lastCycle = 1'600'000;
    slice->endCycle = slice->lastCycle;
    slice->window.aggregated = true;
    for (std::uint16_t sm = 0; sm < 132; ++sm)
        for (std::uint64_t column = 0; column < 1600; ++column) {
            model::TimelineBucket bucket;
            bucket.sm = engine::SmId(sm);
            bucket.startCycle = column * 1000;
            bucket.endCycle = bucket.startCycle + 1000;
            for (std::size_t s = 0; s < engine::kWarpStateCount; ++s)
                bucket.stateCycles[s] = 1000 * ((column + s + sm) % 7);
            slice->window.buckets.push_back(bucket);
        }
    return slice;
}

void frames(benchmark::State& state, std::shared_ptr<const model::TimelineSlice> (*make)())
{
    views::WarpTimelineCanvas canvas;
    canvas.resize(1600, 900);
    canvas.setSlice(make());
    QImage image(1600, 900, QImage::Format_ARGB32_Premultiplied);
    double x = 800;
    for (auto _ : state) {
        // A drag of 10 pixels, then the frame it causes.
        QMouseEvent press(QEvent::MouseButtonPress, QPointF(x, 400), QPointF(x, 400), Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&canvas, &press);
        x += 10;
        QMouseEvent move(QEvent::MouseMove, QPointF(x, 400), QPointF(x, 400), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&canvas, &move);
        canvas.render(&image, QPoint(), QRegion(0, 0, 1600, 900)); // what a 1600 x 900 viewport shows
        benchmark::DoNotOptimize(image.bits());
    }
    state.counters["fps"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

} // namespace

BENCHMARK_CAPTURE(frames, raw65536Intervals, rawSlice)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(frames, aggregated132Sms, aggregatedSlice)->Unit(benchmark::kMillisecond);

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    return 0;
}

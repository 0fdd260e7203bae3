#include "views/timeline/warp_timeline_view.h"

#include "model/store/timeline_loader.h"
#include "views/timeline/warp_state_colors.h"
#include "views/timeline/warp_timeline_canvas.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace views {

namespace {

QString legendHtml()
{
    QString html;
    for (std::size_t s = 0; s < engine::kWarpStateCount; ++s)
        html += QStringLiteral("<span style=\"color:%1\">&#9632;</span>&nbsp;%2&nbsp;&nbsp; ")
                    .arg(warpStateColor(static_cast<engine::WarpState>(s)).name(), QString::fromUtf8(engine::kWarpStateNames[s].data()));
    return html;
}

} // namespace

WarpTimelineView::WarpTimelineView(QWidget* parent)
    : QWidget(parent)
    , m_loader(new model::TimelineLoader(this))
    , m_canvas(new WarpTimelineCanvas)
    , m_header(new QLabel(tr("No recorded run yet: runs with the timing model record SM 0's warp states.")))
{
    setObjectName(QStringLiteral("warpTimelineView"));
    m_header->setTextFormat(Qt::PlainText);
    auto* legend = new QLabel(legendHtml());
    legend->setTextFormat(Qt::RichText);
    auto* fit = new QPushButton(tr("Fit"));
    fit->setToolTip(tr("Show the whole launch (wheel zooms, drag pans, Shift+drag selects a time range for every view)"));
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_header, 1);
    bar->addWidget(legend);
    bar->addWidget(fit);
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_canvas);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(scroll, 1);

    connect(fit, &QPushButton::clicked, m_canvas, &WarpTimelineCanvas::fitAndRequest);
    connect(m_canvas, &WarpTimelineCanvas::windowRequested, m_loader, &model::TimelineLoader::request);
    connect(m_loader, &model::TimelineLoader::loaded, this, &WarpTimelineView::showSlice);
    connect(m_canvas, &WarpTimelineCanvas::cyclesSelected, this, [this](double from, double to) {
        if (!m_launch || m_launch->launchId == 0)
            return;
        Q_EMIT rangeSelected(m_launch->launchStartUs + from / m_launch->clockMhz,
            m_launch->launchStartUs + to / m_launch->clockMhz);
    });
    connect(m_loader, &model::TimelineLoader::failed, m_header, &QLabel::setText);
}

void WarpTimelineView::showRun(const QString& dbPath, qint64 runId)
{
    m_header->setText(tr("Reading run %1…").arg(runId));
    load(dbPath, runId, tr("Run %1").arg(runId));
}

void WarpTimelineView::showRunSoFar(const QString& dbPath, qint64 runId)
{
    if (m_launch && m_launch->launchId != 0 && m_launch->runId == runId && m_launchPath == dbPath && m_path == dbPath)
        return;
    m_header->setText(tr("Reading the launches finished so far…"));
    load(dbPath, runId, tr("The run so far"));
}

void WarpTimelineView::load(const QString& dbPath, qint64 runId, const QString& runName)
{
    m_path = dbPath;
    m_runName = runName;
    m_loader->showRun(dbPath, runId, static_cast<std::uint32_t>(std::max(100, m_canvas->width())));
}

void WarpTimelineView::showSlice(std::shared_ptr<const model::TimelineSlice> slice)
{
    if (slice->launchId == 0) {
        m_header->setText(tr("%1 recorded no warp states (run it with the timing model).").arg(m_runName));
    } else {
        const auto& w = slice->window;
        m_header->setText(w.aggregated
                ? tr("%1, %2: per-SM state shares over cycles %3 – %4 (zoom in for single warps)")
                      .arg(m_runName, slice->kernel)
                      .arg(slice->startCycle)
                      .arg(slice->endCycle)
                : tr("%1, %2: %3 warp intervals over cycles %4 – %5")
                      .arg(m_runName, slice->kernel)
                      .arg(w.intervals.size())
                      .arg(slice->startCycle)
                      .arg(slice->endCycle));
    }
    const bool newLaunch = !m_launch || m_launchPath != m_path || m_launch->runId != slice->runId
        || m_launch->launchId != slice->launchId;
    if (newLaunch) {
        m_launch = slice;
        m_launchPath = m_path;
        m_canvas->setSlice(nullptr); // fitted anew even where another database numbers it as the one before
    }
    m_canvas->setSlice(std::move(slice));
    if (newLaunch && m_range)
        applyRange();
}

QString WarpTimelineView::headerText() const { return m_header->text(); }

void WarpTimelineView::setTimeRange(const std::optional<model::TimeRange>& range)
{
    if (range == m_range)
        return;
    m_range = range;
    applyRange();
}

void WarpTimelineView::applyRange()
{
    if (!m_launch || m_launch->launchId == 0)
        return;
    if (!m_range) {
        m_canvas->setSelectedCycles(std::nullopt);
        return;
    }
    // Cycles count from the launch's start at the device's core clock.
    const double from = (m_range->startUs - m_launch->launchStartUs) * m_launch->clockMhz;
    const double to = (m_range->endUs - m_launch->launchStartUs) * m_launch->clockMhz;
    const double last = static_cast<double>(m_launch->lastCycle);
    if (to <= 0 || from >= last) {
        m_canvas->setSelectedCycles(std::nullopt);
        m_header->setText(tr("The time range %1 lies outside %2, the launch recorded here.")
                              .arg(model::describe(*m_range), m_launch->kernel));
        return;
    }
    m_canvas->setSelectedCycles(std::pair { std::max(0.0, from), std::min(last, to) });
}

} // namespace views

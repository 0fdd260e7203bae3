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
    fit->setToolTip(tr("Show the whole launch (wheel zooms, drag pans)"));
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
    connect(m_loader, &model::TimelineLoader::loaded, this, [this](std::shared_ptr<const model::TimelineSlice> slice) {
        if (slice->launchId == 0) {
            m_header->setText(tr("Run %1 recorded no warp states (run it with the timing model).").arg(slice->runId));
        } else {
            const auto& w = slice->window;
            m_header->setText(w.aggregated
                    ? tr("Run %1, %2: per-SM state shares over cycles %3 – %4 (zoom in for single warps)")
                          .arg(slice->runId)
                          .arg(slice->kernel)
                          .arg(slice->startCycle)
                          .arg(slice->endCycle)
                    : tr("Run %1, %2: %3 warp intervals over cycles %4 – %5")
                          .arg(slice->runId)
                          .arg(slice->kernel)
                          .arg(w.intervals.size())
                          .arg(slice->startCycle)
                          .arg(slice->endCycle));
        }
        m_canvas->setSlice(std::move(slice));
    });
    connect(m_loader, &model::TimelineLoader::failed, m_header, &QLabel::setText);
}

void WarpTimelineView::showRun(const QString& dbPath, qint64 runId)
{
    m_header->setText(tr("Reading run %1…").arg(runId));
    m_loader->showRun(dbPath, runId, static_cast<std::uint32_t>(std::max(100, m_canvas->width())));
}

QString WarpTimelineView::headerText() const { return m_header->text(); }

} // namespace views

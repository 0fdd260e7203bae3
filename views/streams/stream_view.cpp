#include "views/streams/stream_view.h"

#include "views/streams/stream_timeline_canvas.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

namespace views {

StreamView::StreamView(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("streamView"));
    setupWidgets();
}

void StreamView::setupWidgets()
{
    m_header = new QLabel(tr("No run yet."));
    m_header->setObjectName(QStringLiteral("streamHeader"));
    m_header->setTextFormat(Qt::PlainText);
    m_rulerLabel = new QLabel(tr("Click two points to measure"));
    auto* fit = new QPushButton(tr("Fit"));
    fit->setToolTip(tr("Show the whole run (wheel zooms, drag pans, Shift+drag selects a time range for every view)"));
    auto* clear = new QPushButton(tr("Clear Ruler"));
    m_pin = new QPushButton(tr("Pin as Baseline"));
    m_pin->setObjectName(QStringLiteral("pinBaseline"));
    m_pin->setToolTip(tr("Keep this run above the next ones, on the same time scale, to compare them"));
    m_pin->setEnabled(false);
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_header, 1);
    bar->addWidget(m_rulerLabel);
    bar->addWidget(fit);
    bar->addWidget(clear);
    bar->addWidget(m_pin);

    const auto scrolled = [](QWidget* canvas) {
        auto* scroll = new QScrollArea;
        scroll->setWidget(canvas);
        scroll->setWidgetResizable(true);
        scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        scroll->setFrameShape(QFrame::NoFrame);
        return scroll;
    };
    m_canvas = new StreamTimelineCanvas;
    m_baselineCanvas = new StreamTimelineCanvas;
    m_baselineCanvas->setObjectName(QStringLiteral("baselineTimeline"));
    m_baselineHeader = new QLabel;
    m_baselineHeader->setTextFormat(Qt::PlainText);
    m_baselineBox = new QWidget;
    auto* baselineLayout = new QVBoxLayout(m_baselineBox);
    baselineLayout->setContentsMargins(0, 0, 0, 0);
    baselineLayout->addWidget(m_baselineHeader);
    baselineLayout->addWidget(scrolled(m_baselineCanvas), 1);
    m_baselineBox->hide();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_baselineBox, 1);
    layout->addWidget(scrolled(m_canvas), 1);

    connect(fit, &QPushButton::clicked, m_canvas, &StreamTimelineCanvas::fitAll);
    connect(fit, &QPushButton::clicked, m_baselineCanvas, &StreamTimelineCanvas::fitAll);
    connect(m_pin, &QPushButton::clicked, this, [this] {
        if (m_baseline)
            setBaseline(nullptr);
        else
            pinBaseline();
    });
    // The two timelines share one axis only while a baseline is pinned; the hidden baseline canvas's own fit (of
    // nothing) must not rescale the run.
    connect(m_canvas, &StreamTimelineCanvas::axisChanged, this, [this](const TimeAxis& axis) {
        if (m_baseline)
            m_baselineCanvas->setAxis(axis);
    });
    connect(m_baselineCanvas, &StreamTimelineCanvas::axisChanged, this, [this](const TimeAxis& axis) {
        if (m_baseline)
            m_canvas->setAxis(axis);
    });
    connect(clear, &QPushButton::clicked, m_canvas, &StreamTimelineCanvas::clearRuler);
    connect(m_canvas, &StreamTimelineCanvas::rulerChanged, this, [this](const QString& text) {
        m_rulerLabel->setText(text.isEmpty() ? tr("Click two points to measure") : tr("Ruler: %1").arg(text));
    });
}

void StreamView::setSnapshot(std::shared_ptr<const model::RunSnapshot> snapshot)
{
    m_snapshot = snapshot;
    m_header->setText(snapshot ? headerText(*snapshot) : tr("No run yet."));
    m_pin->setEnabled(snapshot != nullptr || m_baseline != nullptr);
    m_canvas->setSnapshot(std::move(snapshot));
    syncScales();
    if (m_range)
        m_canvas->setSelectedRange(std::pair { m_range->startUs, m_range->endUs });
}

void StreamView::setTimeRange(const std::optional<model::TimeRange>& range)
{
    m_range = range;
    m_canvas->setSelectedRange(range ? std::optional(std::pair { range->startUs, range->endUs }) : std::nullopt);
}

void StreamView::setBaseline(std::shared_ptr<const model::RunSnapshot> snapshot)
{
    m_baseline = std::move(snapshot);
    m_baselineBox->setVisible(m_baseline != nullptr);
    m_baselineHeader->setText(m_baseline ? tr("Baseline: %1").arg(headerText(*m_baseline)) : QString());
    m_baselineCanvas->setSnapshot(m_baseline);
    m_pin->setText(m_baseline ? tr("Unpin Baseline") : tr("Pin as Baseline"));
    m_pin->setEnabled(m_baseline != nullptr || m_snapshot != nullptr);
    syncScales();
}

void StreamView::pinBaseline() { setBaseline(m_snapshot); }

void StreamView::syncScales()
{
    // Both runs fitted to the longer one, so equal durations have equal lengths.
    const double span = m_baseline && m_snapshot ? std::max(m_baseline->totalTimeUs, m_snapshot->totalTimeUs) : 0.0;
    m_canvas->setFitSpan(span);
    m_baselineCanvas->setFitSpan(span);
    m_baselineCanvas->fitAll();
    m_canvas->fitAll();
}

QString StreamView::headerText(const model::RunSnapshot& snapshot) const
{
    auto text = tr("%1 on %2 · total %3 · %4 operations")
                    .arg(QFileInfo(snapshot.scenarioFile).fileName(), snapshot.deviceName,
                        formatMicroseconds(snapshot.totalTimeUs))
                    .arg(snapshot.timeline.size());
    if (!snapshot.kernelsTimed)
        text += tr(" · kernels not timed yet (no timing model): they show as thin bars");
    return text;
}

} // namespace views

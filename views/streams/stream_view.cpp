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
    fit->setToolTip(tr("Show the whole run (wheel zooms, drag pans)"));
    auto* clear = new QPushButton(tr("Clear Ruler"));
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_header, 1);
    bar->addWidget(m_rulerLabel);
    bar->addWidget(fit);
    bar->addWidget(clear);

    m_canvas = new StreamTimelineCanvas;
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_canvas);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(scroll, 1);

    connect(fit, &QPushButton::clicked, m_canvas, &StreamTimelineCanvas::fitAll);
    connect(clear, &QPushButton::clicked, m_canvas, &StreamTimelineCanvas::clearRuler);
    connect(m_canvas, &StreamTimelineCanvas::rulerChanged, this, [this](const QString& text) {
        m_rulerLabel->setText(text.isEmpty() ? tr("Click two points to measure") : tr("Ruler: %1").arg(text));
    });
}

void StreamView::setSnapshot(std::shared_ptr<const model::RunSnapshot> snapshot)
{
    m_header->setText(snapshot ? headerText(*snapshot) : tr("No run yet."));
    m_canvas->setSnapshot(std::move(snapshot));
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

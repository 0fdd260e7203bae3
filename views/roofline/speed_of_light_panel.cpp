#include "views/roofline/speed_of_light_panel.h"

#include "views/plot/plot_theme.h"
#include "views/plot/qcustomplot.h"
#include "views/roofline/roofline_style.h"

#include <QLabel>
#include <QVBoxLayout>

namespace views {

SpeedOfLightPanel::SpeedOfLightPanel(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_plot(new QCustomPlot(this))
    , m_limiter(new QLabel(this))
{
    setObjectName(QStringLiteral("speedOfLightPanel"));
    m_limiter->setWordWrap(true);
    m_limiter->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_plot->setMinimumHeight(200);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_title);
    layout->addWidget(m_plot, 1);
    layout->addWidget(m_limiter);
    showLaunch(nullptr, nullptr);
}

QString SpeedOfLightPanel::limiterText() const { return m_limiter->text(); }

void SpeedOfLightPanel::showLaunch(const model::RooflineRun* run, const model::RooflineLaunch* launch)
{
    m_plot->clearPlottables();
    PlotTheme::fromPalette(palette(), font()).applyTo(*m_plot);
    if (!run || !launch || !launch->speedOfLight) {
        m_title->setText(tr("<b>Speed of light</b>"));
        m_limiter->setText(launch ? tr("The launch ran without the timing model: no duration to measure throughput by.")
                                  : tr("Run a scenario to see its launches' throughput against the device's peaks."));
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    m_title->setText(tr("<b>Speed of light</b> — launch #%1 %2 on %3")
                         .arg(launch->index + 1)
                         .arg(QString::fromStdString(launch->kernel), QString::fromStdString(run->deviceName)));
    const auto& units = launch->speedOfLight->units;
    auto* compute = new QCPBars(m_plot->yAxis, m_plot->xAxis);
    auto* memory = new QCPBars(m_plot->yAxis, m_plot->xAxis);
    compute->setName(tr("compute pipe"));
    memory->setName(tr("memory level"));
    compute->setBrush(QColor(0x00, 0x72, 0xb2));
    memory->setBrush(QColor(0xd5, 0x5e, 0x00));
    for (auto* bars : { compute, memory }) {
        bars->setPen(Qt::NoPen);
        bars->setWidth(0.7);
    }
    auto ticker = QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText);
    const int count = static_cast<int>(units.size());
    for (int i = 0; i < count; ++i) {
        const auto& u = units[static_cast<std::size_t>(i)];
        const double row = count - i; // highest on top
        (u.memory ? memory : compute)->addData(row, u.percent);
        ticker->addTick(row, QStringLiteral("%1  %2 %").arg(QString::fromStdString(u.label)).arg(u.percent, 0, 'f', 1));
    }
    m_plot->yAxis->setTicker(ticker);
    m_plot->yAxis->setRange(0.3, count + 0.7);
    m_plot->xAxis->setRange(0, 100);
    m_plot->xAxis->setLabel(tr("% of peak"));
    m_plot->legend->setVisible(true);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
    m_limiter->setText(QString::fromStdString(launch->speedOfLight->limiter));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace views

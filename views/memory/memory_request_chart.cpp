#include "views/memory/memory_request_chart.h"

#include "views/plot/plot_theme.h"
#include "views/plot/qcustomplot.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace views {

namespace {

constexpr int kLabelledBars = 24; ///< at most this many bar labels, so they stay legible

} // namespace

MemoryRequestChart::MemoryRequestChart(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_plot(new QCustomPlot(this))
{
    setObjectName(QStringLiteral("memoryRequestChart"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    layout->addWidget(m_plot, 1);
    m_global = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_shared = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_global->setWidth(0.8);
    m_shared->setWidth(0.8);
    m_global->setBrush(QColor(0xd9, 0x5f, 0x02));
    m_shared->setBrush(QColor(0x1b, 0x6c, 0xb5));
    m_global->setPen(Qt::NoPen);
    m_shared->setPen(Qt::NoPen);
    m_plot->legend->setVisible(true);
    m_plot->xAxis->setLabel(tr("PTX line of each memory instruction"));
    m_plot->xAxis->setTickLabelRotation(60);
    m_title->setText(tr("Run a scenario to see what its memory instructions cost per request."));
    applyTheme();
}

void MemoryRequestChart::setSnapshot(std::shared_ptr<const model::SourceSnapshot> snapshot)
{
    m_lines.clear();
    QVector<double> x;
    QVector<double> global;
    QVector<double> shared;
    if (snapshot) {
        for (const auto& row : snapshot->ptxRows) {
            const auto& c = row.counters;
            if (c.globalRequests == 0 && c.sharedRequests == 0)
                continue;
            x.push_back(static_cast<double>(m_lines.size()));
            global.push_back(c.transactionsPerRequest());
            shared.push_back(c.wavefrontsPerRequest());
            m_lines.push_back(row.line);
        }
    }
    m_global->setData(x, global, true);
    m_shared->setData(x, shared, true);
    const QString unit = snapshot ? snapshot->transactionUnit : QString();
    m_global->setName(tr("global: %1 per request").arg(unit));
    m_shared->setName(tr("shared: wavefronts per request"));
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    const int step = std::max(1, static_cast<int>(m_lines.size()) / kLabelledBars);
    for (int i = 0; i < m_lines.size(); i += step)
        ticker->addTick(i, QString::number(m_lines[i]));
    m_plot->xAxis->setTicker(ticker);
    m_plot->xAxis->setRange(-0.6, std::max<double>(static_cast<double>(m_lines.size()) - 0.4, 1));
    double top = 1;
    for (const double v : global + shared)
        top = std::max(top, v);
    m_plot->yAxis->setRange(0, top * 1.15);
    m_plot->yAxis->setLabel(tr("per request"));
    if (!snapshot)
        m_title->setText(tr("Run a scenario to see what its memory instructions cost per request."));
    else
        m_title->setText(tr("%1 on %2: %3 per global request and wavefronts per shared request, per PTX memory "
                            "instruction (%4 memory instructions)")
                             .arg(snapshot->kernelName, snapshot->deviceName, unit)
                             .arg(m_lines.size()));
    m_plot->replot();
}

void MemoryRequestChart::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        applyTheme();
}

void MemoryRequestChart::applyTheme()
{
    PlotTheme::fromPalette(palette(), font()).applyTo(*m_plot);
    m_plot->replot();
}

} // namespace views

#include "views/memory/bank_heat_map.h"

#include "views/plot/plot_theme.h"
#include "views/plot/qcustomplot.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

#include <algorithm>

namespace views {

namespace {

constexpr int kBanks = 32;
constexpr int kLabelledRows = 16; ///< at most this many row labels (plus the last), so they stay legible

} // namespace

BankHeatMap::BankHeatMap(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_plot(new QCustomPlot(this))
{
    setObjectName(QStringLiteral("bankHeatMap"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_title->setWordWrap(true);
    layout->addWidget(m_title);
    layout->addWidget(m_plot, 1);
    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setInterpolate(false);
    auto* scale = new QCPColorScale(m_plot);
    m_plot->plotLayout()->addElement(0, 1, scale);
    scale->setLabel(tr("passes per request"));
    m_map->setColorScale(scale);
    QCPColorGradient gradient(QCPColorGradient::gpThermal);
    m_map->setGradient(gradient);
    m_plot->xAxis->setLabel(tr("bank"));
    m_plot->yAxis->setLabel(tr("PTX line"));
    m_title->setText(tr("Run a scenario to see its shared-memory banks."));
    applyTheme();
}

double BankHeatMap::cell(int bank, int row) const
{
    return m_map->data()->cell(bank, row);
}

void BankHeatMap::setSnapshot(std::shared_ptr<const model::SourceSnapshot> snapshot)
{
    m_snapshot = std::move(snapshot);
    m_rowLines.clear();
    QVector<const model::SourceRow*> rows;
    if (m_snapshot) {
        for (const auto& row : m_snapshot->ptxRows) {
            if (row.counters.sharedRequests > 0)
                rows.push_back(&row);
        }
    }
    const int count = static_cast<int>(rows.size());
    m_map->data()->setSize(kBanks, std::max(count, 1));
    m_map->data()->setRange(QCPRange(0, kBanks - 1), QCPRange(0, std::max(count - 1, 1)));
    m_map->data()->fill(0);
    double hottest = 1;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    const int labelStep = std::max(1, count / kLabelledRows); // an unrolled loop has dozens of rows
    for (int r = 0; r < count; ++r) {
        const auto& counters = rows[r]->counters;
        double rowMax = 0;
        for (int bank = 0; bank < kBanks; ++bank) {
            const auto b = static_cast<std::size_t>(bank);
            const double passes = counters.bankRequests[b] == 0
                ? 0.0
                : static_cast<double>(counters.bankPasses[b]) / static_cast<double>(counters.bankRequests[b]);
            m_map->data()->setCell(bank, r, passes);
            hottest = std::max(hottest, passes);
            rowMax = std::max(rowMax, passes);
        }
        m_rowLines.push_back(rows[r]->line);
        if (r % labelStep == 0 || count - 1 == r || rowMax > 2) // conflicting rows are always named
            ticker->addTick(r, tr("%1: %2").arg(rows[r]->line).arg(rows[r]->text.simplified().left(28)));
    }
    m_plot->yAxis->setTicker(ticker);
    m_map->setDataRange(QCPRange(0, hottest));
    m_plot->xAxis->setRange(-0.5, kBanks - 0.5);
    m_plot->yAxis->setRange(-0.5, std::max(count, 1) - 0.5);
    if (!m_snapshot)
        m_title->setText(tr("Run a scenario to see its shared-memory banks."));
    else if (count == 0)
        m_title->setText(tr("%1 on %2 does not access shared memory.").arg(m_snapshot->kernelName, m_snapshot->deviceName));
    else
        m_title->setText(tr("%1 on %2: passes per request each bank served in block 0, over the requests that touched it, per shared-memory instruction "
                            "(1 = conflict-free; n = an n-way conflict on that bank)")
                             .arg(m_snapshot->kernelName, m_snapshot->deviceName));
    m_plot->replot();
}

void BankHeatMap::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange)
        applyTheme();
}

void BankHeatMap::applyTheme()
{
    PlotTheme::fromPalette(palette(), font()).applyTo(*m_plot);
    m_plot->replot();
}

} // namespace views

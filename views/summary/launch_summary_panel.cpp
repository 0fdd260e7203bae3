#include "views/summary/launch_summary_panel.h"

#include "model/run/launch_guidance.h"
#include "views/plot/axis_math.h"

#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace views {

namespace {

/// A launch row's position in RunSnapshot::launches.
constexpr int launchIndexRole = Qt::UserRole + 1;

QString dims(const std::array<quint32, 3>& d)
{
    return QStringLiteral("(%1, %2, %3)").arg(d[0]).arg(d[1]).arg(d[2]);
}

QString perRequest(quint64 count, quint64 requests)
{
    if (requests == 0)
        return QString::number(count);
    return QStringLiteral("%1 (%2/req)")
        .arg(count)
        .arg(static_cast<double>(count) / static_cast<double>(requests), 0, 'f', 2);
}

void addRow(QTreeWidgetItem* parent, const QString& name, const QString& value)
{
    auto* item = new QTreeWidgetItem(parent, { name, value });
    item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
}

} // namespace

LaunchSummaryPanel::LaunchSummaryPanel(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("launchSummary"));
    setMinimumWidth(340);
    setupWidgets();
}

void LaunchSummaryPanel::setupWidgets()
{
    m_header = new QLabel(tr("No run yet."));
    m_header->setWordWrap(true);
    m_tree = new QTreeWidget;
    m_tree->setObjectName(QStringLiteral("launchSummaryTree"));
    m_tree->setHeaderLabels({ tr("Launch / counter"), tr("Value") });
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Interactive);
    m_tree->setColumnWidth(0, 205);
    m_tree->header()->setStretchLastSection(true);
    m_guidance = new QLabel;
    m_guidance->setObjectName(QStringLiteral("launchGuidance"));
    m_guidance->setWordWrap(true);
    m_guidance->setTextFormat(Qt::PlainText);
    m_guidance->setFrameShape(QFrame::StyledPanel);
    m_guidance->setMargin(6);
    m_guidance->setVisible(false);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        while (item && item->parent())
            item = item->parent();
        if (item)
            Q_EMIT launchChosen(item->data(0, launchIndexRole).toInt());
    });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_header);
    layout->addWidget(m_tree, 1);
    layout->addWidget(m_guidance);
}

void LaunchSummaryPanel::setSnapshot(std::shared_ptr<const model::RunSnapshot> snapshot)
{
    m_snapshot = std::move(snapshot);
    rebuild();
}

void LaunchSummaryPanel::setTimeRange(const std::optional<model::TimeRange>& range)
{
    if (range == m_range)
        return;
    m_range = range;
    rebuild();
}

QString LaunchSummaryPanel::headerText() const { return m_header->text(); }

void LaunchSummaryPanel::rebuild()
{
    m_tree->clear();
    m_guidance->clear();
    m_guidance->setVisible(false);
    if (!m_snapshot) {
        m_header->setText(tr("No run yet."));
        return;
    }
    if (m_snapshot->sweepPoints > 0) {
        m_header->setText(tr("%1: a sweep of %2 point(s) on %3 device(s); the Bandwidth view draws it.")
                              .arg(QFileInfo(m_snapshot->scenarioFile).fileName())
                              .arg(m_snapshot->sweepPoints)
                              .arg(m_snapshot->sweepDevices));
        return;
    }
    const auto shown = model::launchesIn(*m_snapshot, m_range);
    const auto total = static_cast<int>(m_snapshot->launches.size());
    auto header = tr("%1 on %2: %n launch(es)", nullptr, total)
                      .arg(QFileInfo(m_snapshot->scenarioFile).fileName(), m_snapshot->deviceName);
    if (m_snapshot->isPartial())
        header += tr(" of %1 so far; the run goes on").arg(m_snapshot->launchesPlanned);
    if (m_range)
        header += tr(", %1 in %2").arg(shown.size()).arg(model::describe(*m_range));
    m_header->setText(header);
    for (const int index : shown)
        addLaunch(*m_snapshot, index);
    m_tree->expandAll();
}

void LaunchSummaryPanel::addLaunch(const model::RunSnapshot& snapshot, int index)
{
    const auto& launch = snapshot.launches[index];
    auto* top = new QTreeWidgetItem(m_tree,
        { launch.kernel, tr("grid %1 · block %2 · stream %3").arg(dims(launch.grid), dims(launch.block)).arg(launch.stream) });
    top->setData(0, launchIndexRole, index);
    QFont bold = top->font(0);
    bold.setBold(true);
    top->setFont(0, bold);
    addTimingRows(top, launch);
    addGlobalRows(top, launch, snapshot.transactionUnit);
    if (launch.sharedLoadRequests + launch.sharedStoreRequests > 0) {
        addRow(top, tr("Shared load wavefronts"), perRequest(launch.sharedLoadWavefronts, launch.sharedLoadRequests));
        addRow(top, tr("Shared store wavefronts"), perRequest(launch.sharedStoreWavefronts, launch.sharedStoreRequests));
        // Bank conflicts: the wavefronts beyond those the accesses take without any (a wide access takes
        // several). Runs stored without the ideal wavefronts (0) cannot tell the two apart: no row.
        const quint64 ideal = launch.sharedLoadIdealWavefronts + launch.sharedStoreIdealWavefronts;
        const quint64 wavefronts = launch.sharedLoadWavefronts + launch.sharedStoreWavefronts;
        if (ideal > 0)
            addRow(top, tr("Shared bank conflicts"), perRequest(wavefronts > ideal ? wavefronts - ideal : 0,
                launch.sharedLoadRequests + launch.sharedStoreRequests));
    }
    addRow(top, tr("Warp instructions"), QString::number(launch.warpInstructions));
    addRow(top, tr("Divergent branches"), QString::number(launch.divergentBranches));
    const auto sentence = model::launchGuidance(launch, snapshot.params);
    const auto line = QStringLiteral("%1: %2").arg(launch.kernel, sentence);
    auto lines = m_guidance->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (sentence.isEmpty() || lines.contains(line))
        return; // launches of one kernel with the same pattern share one sentence
    lines << line;
    m_guidance->setText(lines.join(QLatin1Char('\n')));
    m_guidance->setVisible(true);
}

void LaunchSummaryPanel::addTimingRows(QTreeWidgetItem* parent, const model::LaunchSummary& launch)
{
    addRow(parent, tr("Time"), launch.timeUs ? tr("%1 µs").arg(*launch.timeUs, 0, 'f', 2) : tr("not timed (no timing model yet)"));
    if (launch.effectiveBandwidthGBps)
        addRow(parent, tr("Effective bandwidth"), tr("%1 GB/s").arg(*launch.effectiveBandwidthGBps, 0, 'f', 1));
    addRow(parent, tr("Theoretical occupancy"), formatPercent(launch.theoreticalOccupancy * 100.0));
    if (launch.achievedOccupancy)
        addRow(parent, tr("Achieved occupancy"), formatPercent(*launch.achievedOccupancy * 100.0));
    if (launch.l1HitRate)
        addRow(parent, tr("L1 hit rate (sectors)"), formatPercent(*launch.l1HitRate * 100.0));
    if (launch.l2HitRate)
        addRow(parent, tr("L2 hit rate (sectors)"), formatPercent(*launch.l2HitRate * 100.0));
    if (launch.dramBytesRead && launch.dramBytesWritten)
        addRow(parent, tr("DRAM bytes read / written"),
            QStringLiteral("%1 / %2").arg(formatBytes(double(*launch.dramBytesRead)), formatBytes(double(*launch.dramBytesWritten))));
}

void LaunchSummaryPanel::addGlobalRows(QTreeWidgetItem* parent, const model::LaunchSummary& launch, const QString& unit)
{
    addRow(parent, tr("Global load requests"), QString::number(launch.loadRequests));
    addRow(parent, tr("Global load sectors"), perRequest(launch.loadSectors, launch.loadRequests));
    addRow(parent, tr("Global load transactions (%1)").arg(unit), perRequest(launch.loadTransactions, launch.loadRequests));
    addRow(parent, tr("Global load efficiency"), formatPercent(launch.loadEfficiency * 100.0));
    addRow(parent, tr("Global store requests"), QString::number(launch.storeRequests));
    addRow(parent, tr("Global store sectors"), perRequest(launch.storeSectors, launch.storeRequests));
    addRow(parent, tr("Global store transactions (%1)").arg(unit), perRequest(launch.storeTransactions, launch.storeRequests));
    addRow(parent, tr("Global store efficiency"), formatPercent(launch.storeEfficiency * 100.0));
}

} // namespace views

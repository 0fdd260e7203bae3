#include "views/occupancy/occupancy_results_panel.h"

#include "model/occupancy/occupancy_snapshot.h"
#include "views/plot/axis_math.h"

#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace views {

namespace {

QLabel* makeValueLabel(const QString& objectName)
{
    auto* label = new QLabel;
    label->setObjectName(objectName);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

OccupancyResultsPanel::OccupancyResultsPanel(QWidget* parent)
    : QGroupBox(tr("Occupancy"), parent)
{
    setupWidgets();
}

void OccupancyResultsPanel::setupWidgets()
{
    m_blocks = makeValueLabel(QStringLiteral("blocksPerSm"));
    m_warps = makeValueLabel(QStringLiteral("activeWarpsPerSm"));
    m_threads = makeValueLabel(QStringLiteral("activeThreadsPerSm"));
    m_occupancy = makeValueLabel(QStringLiteral("occupancyPercent"));
    QFont big = m_occupancy->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.4);
    m_occupancy->setFont(big);
    m_limitedBy = makeValueLabel(QStringLiteral("limitedBy"));
    m_registers = makeValueLabel(QStringLiteral("allocatedRegistersPerBlock"));
    m_sharedBytes = makeValueLabel(QStringLiteral("allocatedSharedBytesPerBlock"));
    m_explanation = makeValueLabel(QStringLiteral("explanation"));
    m_explanation->setWordWrap(true);
    m_explanation->setFrameShape(QFrame::StyledPanel);
    m_explanation->setMargin(6);

    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    layout->addLayout(form);
    form->addRow(tr("Occupancy:"), m_occupancy);
    form->addRow(tr("Blocks per SM:"), m_blocks);
    form->addRow(tr("Active warps per SM:"), m_warps);
    form->addRow(tr("Active threads per SM:"), m_threads);
    form->addRow(tr("Limited by:"), m_limitedBy);
    form->addRow(tr("Registers per block:"), m_registers);
    form->addRow(tr("Shared memory per block:"), m_sharedBytes);
    // Outside the form, so the word-wrapped sentence gets the height it needs.
    layout->addWidget(m_explanation);
}

void OccupancyResultsPanel::setSnapshot(const model::OccupancySnapshot& snapshot)
{
    const QLocale locale;
    m_occupancy->setText(formatPercent(snapshot.occupancyPercent));
    m_blocks->setText(locale.toString(snapshot.blocksPerSm));
    m_warps->setText(tr("%1 of %2").arg(snapshot.activeWarpsPerSm).arg(snapshot.maxWarpsPerSm));
    m_threads->setText(locale.toString(snapshot.activeThreadsPerSm));
    m_limitedBy->setText(snapshot.valid ? snapshot.limitedBy.join(QStringLiteral(", ")) : tr("cannot launch"));
    m_registers->setText(locale.toString(snapshot.allocatedRegistersPerBlock));
    m_sharedBytes->setText(formatBytes(snapshot.allocatedSharedBytesPerBlock));
    m_explanation->setText(snapshot.explanation);
}

} // namespace views

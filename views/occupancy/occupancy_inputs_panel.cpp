#include "views/occupancy/occupancy_inputs_panel.h"

#include "views/plot/axis_math.h"

#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>

namespace views {

namespace {

void applyRange(QSpinBox& spinBox, const model::InputRange& range, int step, int value)
{
    const QSignalBlocker blocker(&spinBox);
    spinBox.setRange(range.minimum, range.maximum);
    spinBox.setSingleStep(step);
    spinBox.setValue(value);
}

QSpinBox* makeSpinBox(const QString& objectName, const QString& toolTip)
{
    auto* spinBox = new QSpinBox;
    spinBox->setObjectName(objectName);
    spinBox->setToolTip(toolTip);
    spinBox->setAccelerated(true);
    spinBox->setAlignment(Qt::AlignRight);
    spinBox->setGroupSeparatorShown(true);
    return spinBox;
}

} // namespace

OccupancyInputsPanel::OccupancyInputsPanel(QWidget* parent)
    : QGroupBox(tr("Launch configuration"), parent)
{
    setupWidgets();
}

void OccupancyInputsPanel::setupWidgets()
{
    m_threads = makeSpinBox(QStringLiteral("threadsPerBlock"), tr("Threads per block; the arrows step by one warp"));
    m_registers = makeSpinBox(QStringLiteral("registersPerThread"), tr("Registers per thread, as ptxas -v reports"));
    m_sharedBytes = makeSpinBox(QStringLiteral("sharedBytesPerBlock"),
        tr("Static plus dynamic shared memory per block, in bytes; the arrows step by 1 KiB"));
    m_sharedBytes->setSuffix(tr(" B"));
    m_sharedHint = new QLabel;
    m_sharedHint->setObjectName(QStringLiteral("sharedBytesHint"));
    m_sharedHint->setForegroundRole(QPalette::PlaceholderText);
    m_sharedHint->setAlignment(Qt::AlignRight);
    m_sharedHint->setWordWrap(true);

    auto* form = new QFormLayout(this);
    form->addRow(tr("&Threads per block:"), m_threads);
    form->addRow(tr("&Registers per thread:"), m_registers);
    form->addRow(tr("&Shared memory per block:"), m_sharedBytes);
    // Across both columns: the allocated size, after the runtime's reservation and rounding, needs the room.
    form->addRow(m_sharedHint);

    for (auto* spinBox : { m_threads, m_registers, m_sharedBytes })
        connect(spinBox, &QSpinBox::valueChanged, this, &OccupancyInputsPanel::emitInputs);
}

void OccupancyInputsPanel::setSnapshot(const model::OccupancySnapshot& snapshot)
{
    const auto& inputs = snapshot.inputs;
    applyRange(*m_threads, snapshot.threadsRange, snapshot.threadsRange.step, inputs.threadsPerBlock);
    applyRange(*m_registers, snapshot.registersRange, snapshot.registersRange.step, inputs.registersPerThread);
    applyRange(*m_sharedBytes, snapshot.sharedBytesRange, sharedMemorySpinStep(snapshot.sharedBytesRange.step),
        inputs.sharedBytesPerBlock);
    m_sharedHint->setText(tr("%1 requested · %2 allocated")
                              .arg(formatBytes(inputs.sharedBytesPerBlock),
                                  formatBytes(snapshot.allocatedSharedBytesPerBlock)));
}

model::OccupancyInputs OccupancyInputsPanel::inputs() const
{
    return { m_threads->value(), m_registers->value(), m_sharedBytes->value(), {} }; // typed in: no source
}

void OccupancyInputsPanel::emitInputs()
{
    Q_EMIT inputsChanged(inputs());
}

} // namespace views

// WarpStepperView's connections and updates: how commands reach the session and snapshots reach the widgets.
#include "views/stepper/warp_stepper_view.h"

#include "model/device/device_list_model.h"
#include "model/stepper/register_table_model.h"
#include "model/stepper/stepper_session.h"
#include "views/stepper/lane_strip.h"
#include "views/stepper/memory_picture_widget.h"
#include "views/stepper/ptx_listing_widget.h"
#include "views/stepper/step_status_text.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableView>

namespace views {

void WarpStepperView::connectActions()
{
    auto* s = m_session;
    connect(m_step, &QAction::triggered, s, &model::StepperSession::step);
    connect(m_stepBack, &QAction::triggered, s, &model::StepperSession::stepBack);
    connect(m_runToBarrier, &QAction::triggered, s, &model::StepperSession::runToBarrier);
    connect(m_continue, &QAction::triggered, s, &model::StepperSession::continueRun);
    connect(m_runToEnd, &QAction::triggered, s, &model::StepperSession::runToEnd);
    connect(m_restart, &QAction::triggered, s, &model::StepperSession::restart);
    connect(m_stop, &QAction::triggered, s, &model::StepperSession::cancel);
    connect(m_runToCursor, &QAction::triggered, this, [this] {
        if (m_listing->cursorPc() >= 0)
            m_session->runToCursor(m_listing->cursorPc());
    });
    connect(m_toggleBreakpoint, &QAction::triggered, this, [this] {
        if (m_listing->cursorPc() >= 0)
            m_session->toggleBreakpoint(m_listing->cursorPc());
    });
}

void WarpStepperView::setupConnections()
{
    connectActions();
    connect(m_session, &model::StepperSession::snapshotChanged, this, &WarpStepperView::showSnapshot);
    connect(m_session, &model::StepperSession::busyChanged, this, &WarpStepperView::showBusy);
    connect(m_session, &model::StepperSession::failed, m_status, &QLabel::setText);
    connect(m_session, &model::StepperSession::progress, this,
        [this](quint64 steps) { m_status->setText(tr("Running… step %1").arg(steps)); });
    connect(m_session, &model::StepperSession::breakpointsChanged, this, [this] {
        m_listing->setBreakpoints(m_session->breakpoints(m_session->snapshot() ? m_session->snapshot()->function : 0));
    });
    connect(m_listing, &PtxListingWidget::breakpointToggled, m_session, &model::StepperSession::toggleBreakpoint);
    connect(m_device, &QComboBox::activated, this, [this](int row) {
        m_session->setDevice(m_device->itemData(row, model::DeviceListModel::IdRole).toString());
    });
    for (auto* box : { m_blockX, m_blockY, m_blockZ }) {
        connect(box, &QSpinBox::valueChanged, this, [this] {
            m_session->selectBlock({ static_cast<quint32>(m_blockX->value()), static_cast<quint32>(m_blockY->value()),
                static_cast<quint32>(m_blockZ->value()) });
        });
    }
    connect(m_warp, &QSpinBox::valueChanged, m_session, &model::StepperSession::selectWarp);
    connect(m_watchInput, &QLineEdit::returnPressed, this, &WarpStepperView::addWatch);
}

void WarpStepperView::showPickers(const model::StepSnapshot& s)
{
    const QSignalBlocker blockDevice(m_device);
    m_device->setEnabled(true);
    m_device->setCurrentIndex(m_session->devices()->rowOfId(s.deviceId));
    QSpinBox* boxes[] = { m_blockX, m_blockY, m_blockZ };
    for (std::size_t d = 0; d < 3; ++d) {
        const QSignalBlocker block(boxes[d]);
        boxes[d]->setRange(0, static_cast<int>(s.grid[d]) - 1);
        boxes[d]->setValue(static_cast<int>(s.block[d]));
    }
    const QSignalBlocker blockWarp(m_warp);
    m_warp->setRange(0, std::max(0, s.warpCount - 1));
    m_warp->setValue(s.warp);
    m_position->setText(tr("%1 · grid %2×%3×%4").arg(s.kernelName).arg(s.grid[0]).arg(s.grid[1]).arg(s.grid[2]));
}

void WarpStepperView::showSnapshot(const std::shared_ptr<const model::StepSnapshot>& snapshot)
{
    if (!snapshot)
        return;
    const auto& s = *snapshot;
    showPickers(s);
    m_listing->setListing(s.listing, s.function);
    m_listing->setBreakpoints(m_session->breakpoints(s.function));
    m_listing->setCurrentPc(s.pc);
    m_lanes->setMasks(s.validMask, s.activeMask, s.exitedMask);
    m_registers->setSnapshot(snapshot);
    m_watches->setSnapshot(snapshot);
    m_memory->setPicture(s.memory, memoryTitleText(s));
    m_status->setText(stepStatusText(s));
}

void WarpStepperView::showBusy(bool busy)
{
    for (auto* action : { m_step, m_stepBack, m_runToBarrier, m_runToCursor, m_continue, m_runToEnd, m_restart })
        action->setEnabled(!busy);
    m_stop->setEnabled(busy);
}

void WarpStepperView::addWatch()
{
    const QString expression = m_watchInput->text().trimmed();
    if (expression.isEmpty())
        return;
    m_session->setWatches(m_session->watches() << expression);
    m_watchInput->clear();
}

void WarpStepperView::removeSelectedWatches()
{
    QStringList watches = m_session->watches();
    const auto rows = m_watchTable->selectionModel()->selectedRows();
    QList<int> indices;
    for (const auto& index : rows)
        indices.push_back(index.row());
    std::sort(indices.rbegin(), indices.rend());
    for (const int row : indices)
        watches.removeAt(row);
    m_session->setWatches(watches);
}

} // namespace views

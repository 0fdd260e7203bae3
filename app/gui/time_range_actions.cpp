#include "app/gui/time_range_actions.h"

#include "model/run/time_range_history.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>

namespace app {

TimeRangeActions::TimeRangeActions(model::TimeRangeHistory* history, QMenuBar* menuBar, QObject* parent)
    : QObject(parent)
    , m_history(history)
{
    auto* menu = menuBar->addMenu(tr("&Edit"));
    m_undo = menu->addAction(tr("&Undo"), history, &model::TimeRangeHistory::undo);
    m_undo->setObjectName(QStringLiteral("undoTimeRange"));
    m_undo->setShortcut(QKeySequence::Undo);
    m_redo = menu->addAction(tr("&Redo"), history, &model::TimeRangeHistory::redo);
    m_redo->setObjectName(QStringLiteral("redoTimeRange"));
    m_redo->setShortcuts({ QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y) });
    menu->addSeparator();
    m_wholeRun = menu->addAction(tr("Show &Whole Run"), history, &model::TimeRangeHistory::clear);
    m_wholeRun->setObjectName(QStringLiteral("wholeRun"));
    m_wholeRun->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
    m_wholeRun->setToolTip(tr("Clear the time range (Shift+drag on a timeline selects one)"));
    connect(history, &model::TimeRangeHistory::changed, this, &TimeRangeActions::update);
    update();
}

void TimeRangeActions::update()
{
    m_undo->setEnabled(m_history->canUndo());
    m_undo->setText(m_history->canUndo() ? tr("&Undo %1").arg(m_history->undoText()) : tr("&Undo"));
    m_redo->setEnabled(m_history->canRedo());
    m_redo->setText(m_history->canRedo() ? tr("&Redo %1").arg(m_history->redoText()) : tr("&Redo"));
    m_wholeRun->setEnabled(m_history->current().has_value());
}

} // namespace app

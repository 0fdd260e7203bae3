#include "model/run/time_range_history.h"

namespace model {

TimeRangeHistory::TimeRangeHistory(QObject* parent)
    : QObject(parent)
    , m_steps { Step { std::nullopt, tr("Whole Run") } }
{
}

void TimeRangeHistory::select(TimeRange range)
{
    if (!(range.endUs > range.startUs) || current() == range)
        return;
    push(Step { range, tr("Select %1").arg(describe(range)) });
}

void TimeRangeHistory::clear()
{
    if (current())
        push(Step { std::nullopt, tr("Show Whole Run") });
}

void TimeRangeHistory::push(Step step)
{
    m_steps.resize(m_index + 1);
    m_steps.push_back(std::move(step));
    m_index = m_steps.size() - 1;
    Q_EMIT changed();
}

void TimeRangeHistory::undo()
{
    if (!canUndo())
        return;
    --m_index;
    Q_EMIT changed();
}

void TimeRangeHistory::redo()
{
    if (!canRedo())
        return;
    ++m_index;
    Q_EMIT changed();
}

void TimeRangeHistory::reset()
{
    m_steps.resize(1);
    m_index = 0;
    Q_EMIT changed();
}

QString TimeRangeHistory::undoText() const { return canUndo() ? m_steps[m_index].label : QString(); }

QString TimeRangeHistory::redoText() const { return canRedo() ? m_steps[m_index + 1].label : QString(); }

} // namespace model

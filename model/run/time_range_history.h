#pragma once

#include "model/run/time_range.h"

#include <QObject>
#include <QString>

#include <optional>
#include <vector>

namespace model {

/// The one time range every view filters to, and its history: each selection or clearing is a step that
/// Undo takes back and Redo replays (a new step after an undo drops the steps undone, as editors do).
/// A new run starts a new history over the whole run. GUI thread only.
class TimeRangeHistory : public QObject {
    Q_OBJECT
public:
    explicit TimeRangeHistory(QObject* parent = nullptr);

    /// The range the views show; empty: the whole run.
    const std::optional<TimeRange>& current() const { return m_steps[m_index].range; }

    /// Filters every view to `range` (a zero-length range is ignored: a click is not a selection).
    void select(TimeRange range);
    /// Back to the whole run, as a step of its own (nothing when no range is set).
    void clear();
    void undo();
    void redo();
    /// Forgets every step: the whole run, nothing to undo (a new run was opened).
    void reset();

    bool canUndo() const { return m_index > 0; }
    bool canRedo() const { return m_index + 1 < m_steps.size(); }
    /// What Undo and Redo would do, for their menu entries: "Select 1.00 – 2.00 µs", "Show Whole Run".
    QString undoText() const;
    QString redoText() const;

Q_SIGNALS:
    /// The current range or what can be undone changed.
    void changed();

private:
    struct Step {
        std::optional<TimeRange> range;
        QString label;
    };
    void push(Step step);

    std::vector<Step> m_steps;
    std::size_t m_index = 0;
};

} // namespace model

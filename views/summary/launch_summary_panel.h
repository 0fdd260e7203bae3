#pragma once

#include "model/run/run_snapshot.h"
#include "model/run/time_range.h"

#include <QWidget>

#include <memory>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace views {

/// The launch summary: per launch its kernel, grid and block, and its counters — requests, sectors and
/// transactions with their ratios per request, load and store efficiency, shared wavefronts, time and
/// bandwidth when timed — with one sentence of guidance per launch citing the Best Practices Guide.
/// GUI thread only.
class LaunchSummaryPanel : public QWidget {
    Q_OBJECT
public:
    explicit LaunchSummaryPanel(QWidget* parent = nullptr);

    void setSnapshot(std::shared_ptr<const model::RunSnapshot> snapshot);
    /// Shows only the launches that overlap `range` (all of them when empty).
    void setTimeRange(const std::optional<model::TimeRange>& range);
    QString headerText() const;
    QTreeWidget* tree() const { return m_tree; }
    QLabel* guidance() const { return m_guidance; }

Q_SIGNALS:
    /// The user selected launch `index` of the run (its row or one of its counters).
    void launchChosen(int index);

private:
    void setupWidgets();
    void rebuild();
    void addLaunch(const model::RunSnapshot& snapshot, int index);
    void addTimingRows(QTreeWidgetItem* parent, const model::LaunchSummary& launch);
    void addGlobalRows(QTreeWidgetItem* parent, const model::LaunchSummary& launch, const QString& unit);

    std::shared_ptr<const model::RunSnapshot> m_snapshot;
    std::optional<model::TimeRange> m_range;
    QLabel* m_header = nullptr;
    QTreeWidget* m_tree = nullptr;
    QLabel* m_guidance = nullptr;
};

} // namespace views

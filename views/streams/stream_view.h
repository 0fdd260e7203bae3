#pragma once

#include "model/run/run_snapshot.h"

#include <QWidget>

#include <memory>

class QLabel;

namespace views {

class StreamTimelineCanvas;

/// The Stream view: a run's operations on one row per stream and per engine, like a visual profiler's
/// timeline, with a header (scenario, device, total time), Fit and Clear Ruler buttons and the ruler's
/// read-out. Shows the snapshots it is given; GUI thread only.
class StreamView : public QWidget {
    Q_OBJECT
public:
    explicit StreamView(QWidget* parent = nullptr);

    void setSnapshot(std::shared_ptr<const model::RunSnapshot> snapshot);
    StreamTimelineCanvas* canvas() const { return m_canvas; }
    QLabel* header() const { return m_header; }

private:
    void setupWidgets();
    QString headerText(const model::RunSnapshot& snapshot) const;

    StreamTimelineCanvas* m_canvas = nullptr;
    QLabel* m_header = nullptr;
    QLabel* m_rulerLabel = nullptr;
};

} // namespace views

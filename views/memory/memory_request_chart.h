#pragma once

#include "model/source/source_snapshot.h"

#include <QWidget>

#include <memory>

class QCustomPlot;
class QCPBars;
class QLabel;

namespace views {

/// What each memory instruction of a launch costs per request: global sectors (or the generation's
/// transactions) per request and shared-memory wavefronts per request, one bar per PTX instruction that
/// touches memory, as Nsight Compute's source page lists them. 4 sectors is a coalesced float warp on CC 3.0
/// and later, 1 wavefront a conflict-free shared access. Fed the Source view's snapshot. GUI thread only.
class MemoryRequestChart : public QWidget {
    Q_OBJECT
public:
    explicit MemoryRequestChart(QWidget* parent = nullptr);

    void setSnapshot(std::shared_ptr<const model::SourceSnapshot> snapshot);
    QCustomPlot* plot() const { return m_plot; }
    QCPBars* globalBars() const { return m_global; }
    QCPBars* sharedBars() const { return m_shared; }
    /// PTX line of each bar position, left to right.
    const QVector<int>& barLines() const { return m_lines; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyTheme();

    QLabel* m_title = nullptr;
    QCustomPlot* m_plot = nullptr;
    QCPBars* m_global = nullptr;
    QCPBars* m_shared = nullptr;
    QVector<int> m_lines;
};

} // namespace views

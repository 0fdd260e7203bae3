#pragma once

#include "model/source/source_snapshot.h"

#include <QWidget>

#include <memory>

class QCustomPlot;
class QCPColorMap;
class QLabel;

namespace views {

/// Shared-memory bank heat map of one launch: a row per PTX instruction that accesses shared memory, a
/// column per bank, coloured by the passes per request that bank served over the requests that touched
/// it (model LineCounters::bankPasses ÷ bankRequests), over the launch's first block. A conflict-free access is 1 on every bank it touches; the Best Practices Guide's
/// C = AAᵀ column write (§9.2.2.3) is one hot bank at 32. Fed the Source view's snapshot. GUI thread only.
class BankHeatMap : public QWidget {
    Q_OBJECT
public:
    explicit BankHeatMap(QWidget* parent = nullptr);

    void setSnapshot(std::shared_ptr<const model::SourceSnapshot> snapshot);
    QCustomPlot* plot() const { return m_plot; }
    QCPColorMap* map() const { return m_map; }
    /// PTX line of each heat-map row, bottom to top.
    const QVector<int>& rowLines() const { return m_rowLines; }
    /// Passes per touching request of `bank` on heat-map row `row`.
    double cell(int bank, int row) const;

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyTheme();

    QLabel* m_title = nullptr;
    QCustomPlot* m_plot = nullptr;
    QCPColorMap* m_map = nullptr;
    QVector<int> m_rowLines;
    std::shared_ptr<const model::SourceSnapshot> m_snapshot;
};

} // namespace views

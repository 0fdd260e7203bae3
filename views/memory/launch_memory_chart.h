#pragma once

#include "model/run/run_snapshot.h"
#include "model/run/time_range.h"

#include <QWidget>

#include <memory>
#include <optional>

class QCustomPlot;
class QCPBars;
class QLabel;

namespace views {

/// Per launch of a run, how well the memory system served it: global load and store efficiency and the L1
/// and L2 sector hit rates (percent), and the bytes the program asked for beside the bytes DRAM read and
/// wrote — grouped bars, one group per launch, filtered to the views' time range. Hit rates and DRAM bytes
/// come from the timing model; a functional run shows efficiencies only. GUI thread only.
class LaunchMemoryChart : public QWidget {
    Q_OBJECT
public:
    explicit LaunchMemoryChart(QWidget* parent = nullptr);

    void setSnapshot(std::shared_ptr<const model::RunSnapshot> snapshot);
    void setTimeRange(const std::optional<model::TimeRange>& range);

    enum Rate { LoadEfficiency, StoreEfficiency, L1HitRate, L2HitRate, RateCount };
    enum Bytes { Requested, DramRead, DramWritten, BytesCount };
    QCPBars* rateBars(Rate rate) const { return m_rates[rate]; }
    QCPBars* byteBars(Bytes bytes) const { return m_bytes[bytes]; }
    QCustomPlot* ratePlot() const { return m_ratePlot; }
    QCustomPlot* bytePlot() const { return m_bytePlot; }
    QString titleText() const;
    /// The launches drawn, left to right (indices into the snapshot's launches).
    const QVector<int>& shownLaunches() const { return m_shown; }

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void applyTheme();

    std::shared_ptr<const model::RunSnapshot> m_snapshot;
    std::optional<model::TimeRange> m_range;
    QVector<int> m_shown;
    QLabel* m_title = nullptr;
    QCustomPlot* m_ratePlot = nullptr;
    QCustomPlot* m_bytePlot = nullptr;
    QCPBars* m_rates[RateCount] {};
    QCPBars* m_bytes[BytesCount] {};
};

} // namespace views

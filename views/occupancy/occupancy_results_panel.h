#pragma once

#include <QGroupBox>

class QLabel;

namespace model {
struct OccupancySnapshot;
}

namespace views {

/// What the occupancy calculator answers for the current configuration: blocks, warps, occupancy,
/// the limiting resource, and a sentence explaining it. GUI thread only.
class OccupancyResultsPanel : public QGroupBox {
    Q_OBJECT
public:
    explicit OccupancyResultsPanel(QWidget* parent = nullptr);

    void setSnapshot(const model::OccupancySnapshot& snapshot);

    QLabel* blocksLabel() const { return m_blocks; }
    QLabel* warpsLabel() const { return m_warps; }
    QLabel* occupancyLabel() const { return m_occupancy; }
    QLabel* limitedByLabel() const { return m_limitedBy; }
    QLabel* explanationLabel() const { return m_explanation; }

private:
    void setupWidgets();

    QLabel* m_blocks = nullptr;
    QLabel* m_warps = nullptr;
    QLabel* m_threads = nullptr;
    QLabel* m_occupancy = nullptr;
    QLabel* m_limitedBy = nullptr;
    QLabel* m_registers = nullptr;
    QLabel* m_sharedBytes = nullptr;
    QLabel* m_explanation = nullptr;
};

} // namespace views

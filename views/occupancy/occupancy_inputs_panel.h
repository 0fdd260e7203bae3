#pragma once

#include "model/occupancy/occupancy_snapshot.h"

#include <QGroupBox>

class QLabel;
class QSpinBox;

namespace views {

/// The three inputs of the occupancy calculator as spin boxes. Emits inputsChanged() on every edit,
/// keystroke included, so the graphs follow at once; setSnapshot() updates ranges and values without
/// emitting. GUI thread only.
class OccupancyInputsPanel : public QGroupBox {
    Q_OBJECT
public:
    explicit OccupancyInputsPanel(QWidget* parent = nullptr);

    void setSnapshot(const model::OccupancySnapshot& snapshot);
    model::OccupancyInputs inputs() const;

    QSpinBox* threadsSpinBox() const { return m_threads; }
    QSpinBox* registersSpinBox() const { return m_registers; }
    QSpinBox* sharedBytesSpinBox() const { return m_sharedBytes; }

Q_SIGNALS:
    void inputsChanged(const model::OccupancyInputs& inputs);

private:
    void setupWidgets();
    void emitInputs();

    QSpinBox* m_threads = nullptr;
    QSpinBox* m_registers = nullptr;
    QSpinBox* m_sharedBytes = nullptr;
    QLabel* m_sharedHint = nullptr;
};

} // namespace views

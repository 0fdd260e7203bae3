#pragma once

#include "model/occupancy/occupancy_snapshot.h"

#include <QWidget>

#include <optional>

class QLabel;

namespace model {
class OccupancyModel;
}

namespace views {

class OccupancyChart;
class OccupancyInputsPanel;
class OccupancyResultsPanel;

/// The CUDA Occupancy Calculator: inputs and results on the left, its three graphs on the right.
/// Reads and drives a model::OccupancyModel; every snapshot the model emits redraws the whole view,
/// so switching the device or editing an input shows at once. GUI thread only.
class OccupancyView : public QWidget {
    Q_OBJECT
public:
    explicit OccupancyView(model::OccupancyModel* occupancy, QWidget* parent = nullptr);

    OccupancyInputsPanel* inputsPanel() const { return m_inputs; }
    OccupancyResultsPanel* resultsPanel() const { return m_results; }
    OccupancyChart* threadsChart() const { return m_byThreads; }
    OccupancyChart* registersChart() const { return m_byRegisters; }
    OccupancyChart* sharedMemoryChart() const { return m_bySharedBytes; }
    /// Marks launch `name`'s real configuration: the inputs become `inputs` and a caption says whose they
    /// are, and whether they have been edited since.
    void showLaunch(const QString& name, const model::OccupancyInputs& inputs);
    QLabel* launchCaption() const { return m_launchCaption; }

private:
    void setupWidgets();
    void setupConnections();
    QWidget* makeSidePanel();
    QWidget* makeCharts();
    void showSnapshot();
    void updateLaunchCaption();

    model::OccupancyModel* m_occupancy = nullptr;
    QLabel* m_deviceTitle = nullptr;
    QLabel* m_launchCaption = nullptr;
    QString m_launchName;
    std::optional<model::OccupancyInputs> m_launchInputs;
    OccupancyInputsPanel* m_inputs = nullptr;
    OccupancyResultsPanel* m_results = nullptr;
    OccupancyChart* m_byThreads = nullptr;
    OccupancyChart* m_byRegisters = nullptr;
    OccupancyChart* m_bySharedBytes = nullptr;
};

} // namespace views

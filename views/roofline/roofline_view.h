#pragma once

#include "model/run/time_range.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;

namespace model {
class RooflineSession;
}

namespace views {

class MemoryChartWidget;
class RooflineChart;
class SpeedOfLightPanel;

/// The Roofline view: the chart of the session's current run beside the runs pinned as baselines (Pin as
/// Baseline keeps the run on the chart when the next device or scenario runs), and the chosen launch's speed of
/// light. GUI thread only.
class RooflineView : public QWidget {
    Q_OBJECT
public:
    explicit RooflineView(model::RooflineSession* session, QWidget* parent = nullptr);

    void setTimeRange(const std::optional<model::TimeRange>& range);
    /// Chooses launch `index` of the current run (from another view): the chart rings it, the panel shows it.
    void selectLaunch(int index);
    int selectedLaunch() const { return m_selected; }

    RooflineChart* chart() const { return m_chart; }
    SpeedOfLightPanel* speedOfLight() const { return m_speedOfLight; }
    QPushButton* pinButton() const { return m_pin; }
    QString headerText() const;

Q_SIGNALS:
    /// The user chose launch `index` here (a click on a dot or the launch box).
    void launchChosen(int index);

private:
    void refresh();
    void showSelection();

    model::RooflineSession* m_session = nullptr;
    QLabel* m_header = nullptr;
    QComboBox* m_launches = nullptr;
    QPushButton* m_pin = nullptr;
    QPushButton* m_clear = nullptr;
    RooflineChart* m_chart = nullptr;
    SpeedOfLightPanel* m_speedOfLight = nullptr;
    int m_selected = 0;
};

/// The Memory Chart view: the chosen launch's memory chart, with a box to pick another launch. GUI thread only.
class MemoryChartView : public QWidget {
    Q_OBJECT
public:
    explicit MemoryChartView(model::RooflineSession* session, QWidget* parent = nullptr);

    void selectLaunch(int index);
    MemoryChartWidget* chart() const { return m_chart; }

Q_SIGNALS:
    void launchChosen(int index);

private:
    void refresh();

    model::RooflineSession* m_session = nullptr;
    QComboBox* m_launches = nullptr;
    MemoryChartWidget* m_chart = nullptr;
    int m_selected = 0;
};

} // namespace views

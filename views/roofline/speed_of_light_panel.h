#pragma once

#include "model/roofline/roofline_run.h"

#include <QWidget>

class QCustomPlot;
class QLabel;

namespace views {

/// One launch's speed of light: a horizontal bar per execution pipe and memory level, its share of the
/// device's peak, highest on top, and the sentence naming the limiter with its source. GUI thread only.
class SpeedOfLightPanel : public QWidget {
    Q_OBJECT
public:
    explicit SpeedOfLightPanel(QWidget* parent = nullptr);

    /// Shows `launch` of `run`; null or untimed shows why there is nothing to draw.
    void showLaunch(const model::RooflineRun* run, const model::RooflineLaunch* launch);
    QString limiterText() const;
    QCustomPlot* plot() const { return m_plot; }

private:
    QLabel* m_title = nullptr;
    QCustomPlot* m_plot = nullptr;
    QLabel* m_limiter = nullptr;
};

} // namespace views

#pragma once

#include <QWidget>

namespace views {

/// The selected warp's 32 lanes as coloured cells: active (executes the next instruction), inactive
/// (waits on the other side of a branch), exited, or absent. Clicking a lane selects it. GUI thread.
class LaneStrip : public QWidget {
    Q_OBJECT
public:
    explicit LaneStrip(QWidget* parent = nullptr);

    void setMasks(quint32 valid, quint32 active, quint32 exited);
    int selectedLane() const { return m_selected; }
    QSize sizeHint() const override;

Q_SIGNALS:
    void laneSelected(int lane);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;

private:
    quint32 m_valid = 0;
    quint32 m_active = 0;
    quint32 m_exited = 0;
    int m_selected = 0;
};

} // namespace views

#pragma once

#include "views/stepper/memory_picture_layout.h"

#include <QWidget>

namespace views {

/// Paints a MemoryPictureLayout: lane cells, target boxes and the links between them. GUI thread.
class MemoryPictureCanvas : public QWidget {
    Q_OBJECT
public:
    explicit MemoryPictureCanvas(QWidget* parent = nullptr);

    void setPicture(const model::MemoryPicture& picture);
    /// The layout for the current size (recomputed on resize).
    const MemoryPictureLayout& layout() const { return m_layout; }
    QSize sizeHint() const override { return { 640, 150 }; }

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void relayout();
    void paintTargets(QPainter& painter) const;

    model::MemoryPicture m_picture;
    MemoryPictureLayout m_layout;
};

} // namespace views

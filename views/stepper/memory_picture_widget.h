#pragma once

#include "model/stepper/memory_picture.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;

namespace views {

class MemoryPictureCanvas;

/// The last memory instruction of the selected warp: lanes → transactions (global, coloured by
/// transaction) or lanes → banks (shared, conflicts in red, broadcasts in blue), a one-line summary and
/// the generation's explanation under it. Geometry comes from MemoryPictureLayout. GUI thread.
class MemoryPictureWidget : public QWidget {
    Q_OBJECT
public:
    explicit MemoryPictureWidget(QWidget* parent = nullptr);

    void setPicture(const model::MemoryPicture& picture, const QString& title);
    const model::MemoryPicture& picture() const { return m_picture; }
    MemoryPictureCanvas* canvas() const { return m_canvas; }
    /// The summary line currently shown (tests).
    QString summary() const;

private:
    model::MemoryPicture m_picture;
    MemoryPictureCanvas* m_canvas = nullptr;
    QLabel* m_title = nullptr;
    QPlainTextEdit* m_explanation = nullptr;
};

} // namespace views

#pragma once

#include "model/stepper/memory_picture.h"

#include <QColor>
#include <QLineF>
#include <QRectF>
#include <QString>
#include <QVector>

namespace views {

/// A box of the memory picture's lower row: a global transaction (segment, line or sector) or a bank.
struct TargetBox {
    QRectF rect;
    QString label; ///< "+0x80 32 B" or "bank 5"
    QColor color;
    bool conflict = false; ///< shared: a bank more than one distinct word was asked of
};

/// A lane → target link.
struct LaneLink {
    int lane = 0;
    int target = 0; ///< index into targets
    QLineF line;
    QColor color;
    bool conflict = false; ///< shared: the lane waits for another pass
    bool broadcast = false; ///< shared: served with other lanes reading the same word
};

/// Where everything of a MemoryPicture goes, for paint code to draw without computing: the 32 lanes on top,
/// the transactions (global, in address order, coloured by transaction) or the banks (shared) below, and a
/// line from each active lane to its target. Plain value type; tested without a widget.
struct MemoryPictureLayout {
    QVector<QRectF> lanes; ///< 32 entries
    QVector<QColor> laneColors; ///< 32 entries; the colour of the lane's transaction, grey when inactive
    QVector<TargetBox> targets;
    QVector<LaneLink> links;
    QString summary; ///< "5 × 32-byte sectors for 1 request (80 % efficient)" or "2-way bank conflict: 2 wavefronts"

    /// Lays out `picture` in `bounds` (the area above the explanation text).
    static MemoryPictureLayout compute(const model::MemoryPicture& picture, const QRectF& bounds);
    /// A distinct colour for transaction `index` of `count` (hues spread around the wheel).
    static QColor transactionColor(int index, int count);

private:
    void layoutLanes(const QRectF& band);
    void layoutGlobal(const model::MemoryPicture& picture, const QRectF& band);
    void layoutShared(const model::MemoryPicture& picture, const QRectF& band);
    void link(int lane, int target, QColor color);
};

} // namespace views

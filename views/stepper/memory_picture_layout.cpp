#include "views/stepper/memory_picture_layout.h"

#include <algorithm>
#include <bit>
#include <numeric>

namespace views {

namespace {

constexpr int kLanes = 32;
constexpr double kLaneBandHeight = 24;
constexpr double kTargetBandHeight = 34;
constexpr double kGap = 2;
const QColor kInactive(0xd0, 0xd0, 0xd0);
const QColor kConflict(0xd0, 0x30, 0x30);
const QColor kBroadcast(0x30, 0x70, 0xd0);
const QColor kServed(0x2e, 0x9e, 0x4f);

QVector<QRectF> row(const QRectF& band, int count, double gap)
{
    QVector<QRectF> cells;
    if (count <= 0)
        return cells;
    const double w = std::max(1.0, (band.width() - gap * (count - 1)) / count);
    for (int i = 0; i < count; ++i)
        cells.push_back(QRectF(band.left() + i * (w + gap), band.top(), w, band.height()));
    return cells;
}

QString globalSummary(const model::MemoryPicture& p)
{
    QString text = QStringLiteral("%1 × %2 for %3 active lanes; %4 sectors; %5 % efficient")
                       .arg(p.transactions.size())
                       .arg(p.unitName)
                       .arg(std::popcount(p.activeMask))
                       .arg(p.sectorCount)
                       .arg(qRound(p.efficiency * 100));
    if (p.lanesPerGroup == 16)
        text += QStringLiteral(" (%1 + %2 per half-warp)").arg(p.transactionsInGroup(0)).arg(p.transactionsInGroup(1));
    return text;
}

QString sharedSummary(const model::MemoryPicture& p)
{
    if (p.conflictWays <= 1)
        return QStringLiteral("conflict-free: %1 wavefront(s)").arg(p.wavefronts);
    return QStringLiteral("%1-way bank conflict: %2 wavefronts where %3 would do")
        .arg(p.conflictWays)
        .arg(p.wavefronts)
        .arg(p.idealWavefronts);
}

} // namespace

QColor MemoryPictureLayout::transactionColor(int index, int count)
{
    // Few transactions spread evenly around the hue wheel; many step by the golden angle, so neighbours differ.
    const int hue = count <= 8 ? index * 360 / std::max(count, 1) : (index * 137) % 360;
    return QColor::fromHsv(hue, 150, 225);
}

MemoryPictureLayout MemoryPictureLayout::compute(const model::MemoryPicture& picture, const QRectF& bounds)
{
    MemoryPictureLayout layout;
    const QRectF laneBand(bounds.left(), bounds.top(), bounds.width(), kLaneBandHeight);
    const QRectF targetBand(bounds.left(), bounds.bottom() - kTargetBandHeight, bounds.width(), kTargetBandHeight);
    layout.layoutLanes(laneBand);
    if (picture.space == model::MemoryPicture::Space::Shared)
        layout.layoutShared(picture, targetBand);
    else if (!picture.transactions.isEmpty())
        layout.layoutGlobal(picture, targetBand);
    return layout;
}

void MemoryPictureLayout::layoutLanes(const QRectF& band)
{
    lanes = row(band, kLanes, kGap);
    laneColors = QVector<QColor>(kLanes, kInactive);
}

void MemoryPictureLayout::link(int lane, int target, QColor color)
{
    const QRectF& from = lanes[lane];
    const QRectF& to = targets[target].rect;
    laneColors[lane] = color;
    links.push_back(LaneLink { lane, target, QLineF(from.center().x(), from.bottom(), to.center().x(), to.top()), color });
}

void MemoryPictureLayout::layoutGlobal(const model::MemoryPicture& p, const QRectF& band)
{
    // Boxes in address order; each keeps the colour of its transaction index.
    QVector<int> order(p.transactions.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
        [&p](int a, int b) { return p.transactions[a].address < p.transactions[b].address; });
    const auto cells = row(band, static_cast<int>(order.size()), kGap);
    QVector<int> boxOf(order.size());
    for (qsizetype box = 0; box < order.size(); ++box) {
        const auto& t = p.transactions[order[box]];
        const auto count = static_cast<int>(p.transactions.size());
        targets.push_back(TargetBox { cells[box],
            QStringLiteral("…%1\n%2 B").arg(t.address & 0xfff, 3, 16, QLatin1Char('0')).arg(t.sizeBytes),
            transactionColor(order[box], count), false });
        boxOf[order[box]] = static_cast<int>(box);
    }
    for (int lane = 0; lane < kLanes; ++lane) {
        const int t = ((p.activeMask >> lane) & 1u) != 0 ? p.transactionOfLane(lane) : -1;
        if (t >= 0)
            link(lane, boxOf[t], targets[boxOf[t]].color);
    }
    summary = globalSummary(p);
}

void MemoryPictureLayout::layoutShared(const model::MemoryPicture& p, const QRectF& band)
{
    const auto cells = row(band, p.bankCount, kGap);
    for (int bank = 0; bank < p.bankCount; ++bank)
        targets.push_back(TargetBox { cells[bank], QString::number(bank), QColor(0xf4, 0xf4, 0xf4), false });
    for (int lane = 0; lane < kLanes; ++lane) {
        const int bank = p.laneBank[lane];
        if (((p.activeMask >> lane) & 1u) == 0 || bank < 0 || bank >= p.bankCount)
            continue;
        const bool conflict = ((p.conflictLanes >> lane) & 1u) != 0;
        const bool broadcast = ((p.broadcastLanes >> lane) & 1u) != 0;
        link(lane, bank, conflict ? kConflict : broadcast ? kBroadcast : kServed);
        links.back().conflict = conflict;
        links.back().broadcast = broadcast;
        if (conflict) {
            targets[bank].conflict = true;
            targets[bank].color = kConflict.lighter(170);
        }
    }
    summary = sharedSummary(p);
}

} // namespace views

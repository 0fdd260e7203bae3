#include "views/roofline/roofline_style.h"

#include <algorithm>
#include <array>

namespace views {

QColor rooflineDeviceColor(int index, bool current)
{
    // Colour-blind-safe qualitative colours (Okabe-Ito); the current run always takes the first.
    static constexpr std::array<QRgb, 6> colors { 0x0072b2, 0xd55e00, 0x009e73, 0xcc79a7, 0xe69f00, 0x56b4e9 };
    const auto slot = current ? 0 : static_cast<std::size_t>(index + 1) % colors.size();
    return QColor::fromRgb(colors[slot]);
}

QCPScatterStyle::ScatterShape rooflineLevelShape(engine::MemoryLevel level)
{
    switch (level) {
    case engine::MemoryLevel::L1: return QCPScatterStyle::ssTriangle;
    case engine::MemoryLevel::Shared: return QCPScatterStyle::ssDiamond;
    case engine::MemoryLevel::L2: return QCPScatterStyle::ssSquare;
    case engine::MemoryLevel::Dram: return QCPScatterStyle::ssDisc;
    }
    return QCPScatterStyle::ssDisc;
}

QColor linkColor(const std::optional<double>& percent)
{
    if (!percent)
        return QColor(0x99, 0x99, 0x99);
    const double t = std::clamp(*percent / 100.0, 0.0, 1.0);
    const QColor low(0x9e, 0xca, 0xe1), high(0xb2, 0x18, 0x2b);
    return QColor::fromRgbF(float(low.redF() + t * (high.redF() - low.redF())),
        float(low.greenF() + t * (high.greenF() - low.greenF())), float(low.blueF() + t * (high.blueF() - low.blueF())));
}

} // namespace views

#pragma once

#include <QString>

namespace views {

/// The QCustomPlot version warpscope was compiled against ("2.1.0").
QString plotLibraryVersion();

} // namespace views

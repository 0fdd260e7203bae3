#include "views/plot/plot_library.h"

#include "views/plot/qcustomplot.h"

namespace views {

QString plotLibraryVersion()
{
    return QStringLiteral(QCUSTOMPLOT_VERSION_STR);
}

} // namespace views

#pragma once

// The one place warpscope includes QCustomPlot (STYLE.md habit 11). Debian ships it as a shared
// library, hence QCUSTOMPLOT_USE_LIBRARY on the targets that include this; its inline code uses
// `foreach`, so QT_NO_FOREACH must stay undefined for translation units that include it.
#include <qcustomplot.h>

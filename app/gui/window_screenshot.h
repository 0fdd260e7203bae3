#pragma once

#include <QString>

class QWidget;

namespace app {

/// Saves a PNG of `window` once it has been shown and painted, then quits the application with 0 on
/// success or 1 when the picture could not be taken or saved. Used by `warpscope --screenshot FILE`.
void scheduleWindowScreenshot(QWidget* window, const QString& path, int delayMs = 1500);

} // namespace app

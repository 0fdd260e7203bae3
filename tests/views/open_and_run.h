#pragma once

#include "app/gui/main_window.h"
#include "app/gui/run_session.h"

#include <QSignalSpy>
#include <QString>

namespace views::tests {

/// Opens a bundled scenario in `window` (quietly: no dialogs) and waits until its run is in the views; `idle`
/// spies on the window's RunSession::idle.
inline bool openAndRun(app::MainWindow& window, const QString& scenario, QSignalSpy& idle)
{
    window.session()->setQuiet(true);
    window.openFile(QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/scenarios/") + scenario);
    return idle.wait(60000);
}

} // namespace views::tests

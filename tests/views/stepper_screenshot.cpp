// Opens the warp stepper and the Source view on offsetCopy at offset 1 on H100 in real windows, steps the
// warp past its misaligned load, and saves each window as a PNG (docs/screenshots/stepper.png and
// source.png) with QScreen::grabWindow. Run under Xvfb:
//   xvfb-run -a -s '-screen 0 1600x1000x24' build/bin/stepper_screenshot docs/screenshots
#include "model/device/device_catalog_load.h"
#include "model/source/source_session.h"
#include "model/stepper/stepper_session.h"
#include "views/source/source_view.h"
#include "views/stepper/ptx_listing_widget.h"
#include "views/stepper/warp_stepper_view.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QScreen>
#include <QTableView>
#include <QThread>

namespace {

constexpr int kAfterLoadPc = 13; // the instruction after ld.global.f32 in offset_copy.ptx

model::StepperTarget offsetCopy()
{
    model::StepperTarget target;
    target.scenarioFile = QStringLiteral(WARPSCOPE_SOURCE_DIR "/resources/scenarios/offset_copy.json");
    target.deviceId = QStringLiteral("h100");
    target.overrides = { { QStringLiteral("n"), 65536 }, { QStringLiteral("offset"), 1 } };
    return target;
}

/// Processes events until `done` holds or `limitMs` pass.
bool waitFor(const std::function<bool()>& done, qint64 limitMs = 60000)
{
    QElapsedTimer timer;
    timer.start();
    while (!done() && timer.elapsed() < limitMs) {
        QApplication::processEvents(QEventLoop::AllEvents, 50);
        QThread::msleep(10);
    }
    return done();
}

bool save(QWidget& window, const QString& path)
{
    waitFor([] { return false; }, 1500); // let the window map and paint under the X server
    return window.screen()->grabWindow(window.winId()).save(path);
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const QString folder = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QStringLiteral("docs/screenshots");
    QDir().mkpath(folder);
    const auto catalog = model::loadDeviceCatalog({}).catalog;
    model::StepperSession stepper(catalog);
    model::SourceSession source(catalog);
    views::WarpStepperView stepperView(&stepper);
    views::SourceView sourceView(&source);
    stepperView.setWindowTitle(QStringLiteral("warpscope — warp stepper"));
    sourceView.setWindowTitle(QStringLiteral("warpscope — source"));
    stepperView.setGeometry(0, 0, 1560, 940);
    sourceView.setGeometry(0, 0, 1560, 700);
    stepper.open(offsetCopy());
    source.load(offsetCopy());
    stepper.setWatches({ QStringLiteral("%r6"), QStringLiteral("%rd6 - %rd4") });
    stepper.runToCursor(kAfterLoadPc);
    if (!waitFor([&] { return !stepper.isBusy() && source.snapshot() != nullptr; }))
        return 1;
    stepperView.listing()->selectRow(kAfterLoadPc - 1);
    stepperView.show();
    const bool stepperSaved = save(stepperView, folder + QStringLiteral("/stepper.png"));
    stepperView.hide();
    sourceView.show();
    sourceView.cudaTable()->selectRow(5);
    const bool sourceSaved = save(sourceView, folder + QStringLiteral("/source.png"));
    return stepperSaved && sourceSaved ? 0 : 1;
}

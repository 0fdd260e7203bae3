#include "app/gui/command_line.h"
#include "app/gui/main_window.h"
#include "engine/common/host_heap.h"
#include "model/device/device_catalog_load.h"

#include <QApplication>
#include <QIcon>

int main(int argc, char** argv)
{
    engine::configureHostHeap();
    QApplication application(argc, argv);
    // QSettings then live in ~/.config/warpscope/warpscope.conf.
    QApplication::setOrganizationName(QStringLiteral("warpscope"));
    QApplication::setApplicationName(QStringLiteral("warpscope"));
    QApplication::setApplicationVersion(QStringLiteral(WARPSCOPE_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/warpscope.svg")));
    QApplication::setDesktopFileName(QStringLiteral("io.github.warpscope.warpscope"));

    const auto commandLine = app::parseCommandLine(application);
    app::MainWindow window(model::loadDefaultDeviceCatalog());
    window.show();
    window.start(commandLine);
    return QApplication::exec();
}

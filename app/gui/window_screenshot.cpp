#include "app/gui/window_screenshot.h"

#include <QGuiApplication>
#include <QPixmap>
#include <QPointer>
#include <QScreen>
#include <QTimer>
#include <QWidget>
#include <QWindow>

#include <cstdio>

namespace app {

namespace {

QPixmap grabWindow(QWidget& window)
{
    // A real window system (X11 under Xvfb) gives what is on screen, decorations of child windows
    // included; the offscreen platform has no screen contents, so render the widget tree there.
    if (QGuiApplication::platformName() == QLatin1String("offscreen"))
        return window.grab();
    auto* screen = window.screen();
    return screen ? screen->grabWindow(window.winId()) : window.grab();
}

} // namespace

void scheduleWindowScreenshot(QWidget* window, const QString& path, int delayMs)
{
    QPointer<QWidget> target(window);
    QTimer::singleShot(delayMs, window, [target, path] {
        const auto picture = target ? grabWindow(*target) : QPixmap();
        const bool saved = !picture.isNull() && picture.save(path, "PNG");
        if (!saved)
            std::fprintf(stderr, "warpscope: could not save a screenshot to %s\n", qPrintable(path));
        QCoreApplication::exit(saved ? 0 : 1);
    });
}

} // namespace app

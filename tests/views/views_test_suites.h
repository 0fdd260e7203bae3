#pragma once

#include <QObject>

#include <memory>

namespace views::tests {

// One factory per Qt Test class of views_tests (each defined next to its tests).
std::unique_ptr<QObject> makeAxisMathTest();
std::unique_ptr<QObject> makeOccupancyViewTest();
std::unique_ptr<QObject> makeMainWindowTest();
std::unique_ptr<QObject> makeStreamViewMathTest();
std::unique_ptr<QObject> makeRunViewsTest();
std::unique_ptr<QObject> makePartialRunViewsTest();
std::unique_ptr<QObject> makeLaunchFormDialogTest();
std::unique_ptr<QObject> makeProblemMarksTest();
std::unique_ptr<QObject> makeRooflineViewsTest();
std::unique_ptr<QObject> makeConsoleViewTest();

} // namespace views::tests

#pragma once

#include <QObject>

#include <memory>

namespace views::tests {

// One factory per Qt Test class of views_tests (each defined next to its tests).
std::unique_ptr<QObject> makeAxisMathTest();
std::unique_ptr<QObject> makeOccupancyViewTest();
std::unique_ptr<QObject> makeMainWindowTest();

} // namespace views::tests

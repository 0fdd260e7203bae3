#pragma once

#include <QObject>

#include <memory>

namespace views::tests {

// One factory per Qt Test class of stepper_views_tests (the warp stepper and Source views).
std::unique_ptr<QObject> makeStepperLayoutTest();
std::unique_ptr<QObject> makeWarpStepperViewTest();
std::unique_ptr<QObject> makeSourceViewTest();

} // namespace views::tests

#pragma once

#include <QObject>

#include <memory>

namespace model::tests {

// One factory per Qt Test class of stepper_model_tests (the warp stepper's and the Source view's models).
std::unique_ptr<QObject> makeStepperSessionTest();
std::unique_ptr<QObject> makeStepperValuesTest();
std::unique_ptr<QObject> makeSourceModelTest();

} // namespace model::tests

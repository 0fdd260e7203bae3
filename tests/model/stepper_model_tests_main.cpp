#include "tests/model/stepper_test_suites.h"

#include <QCoreApplication>
#include <QTest>

// Runs the Qt Test classes of the stepper and source models; exits non-zero when any test fails.
int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    int failures = 0;
    for (auto make : { model::tests::makeStepperValuesTest, model::tests::makeStepperSessionTest,
             model::tests::makeSourceModelTest }) {
        const auto suite = make();
        failures += QTest::qExec(suite.get(), argc, argv);
    }
    return failures == 0 ? 0 : 1;
}

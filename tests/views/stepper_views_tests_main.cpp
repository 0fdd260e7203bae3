#include "tests/views/stepper_views_test_suites.h"

#include <QApplication>
#include <QStandardPaths>
#include <QTest>

// Runs the Qt Test classes of the warp stepper and Source views; exits non-zero when any test fails.
int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("warpscope-tests"));
    QApplication::setApplicationName(QStringLiteral("stepper_views_tests"));
    QStandardPaths::setTestModeEnabled(true);
    int failures = 0;
    for (auto make : { views::tests::makeStepperLayoutTest, views::tests::makeWarpStepperViewTest,
             views::tests::makeSourceViewTest }) {
        const auto suite = make();
        failures += QTest::qExec(suite.get(), argc, argv);
    }
    return failures == 0 ? 0 : 1;
}

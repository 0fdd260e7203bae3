#include "tests/views/views_test_suites.h"

#include <QApplication>
#include <QStandardPaths>
#include <QTest>

// Runs every Qt Test class of the views layer and the main window; exits non-zero when any test fails.
int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    // Keep QSettings of these tests away from the user's own.
    QApplication::setOrganizationName(QStringLiteral("warpscope-tests"));
    QApplication::setApplicationName(QStringLiteral("views_tests"));
    QStandardPaths::setTestModeEnabled(true);
    int failures = 0;
    for (auto make : { views::tests::makeAxisMathTest, views::tests::makeOccupancyViewTest,
             views::tests::makeMainWindowTest, views::tests::makeStreamViewMathTest,
             views::tests::makeRunViewsTest, views::tests::makePartialRunViewsTest, views::tests::makeLaunchFormDialogTest,
             views::tests::makeProblemMarksTest, views::tests::makeRooflineViewsTest,
             views::tests::makeConsoleViewTest }) {
        const auto suite = make();
        failures += QTest::qExec(suite.get(), argc, argv);
    }
    return failures == 0 ? 0 : 1;
}

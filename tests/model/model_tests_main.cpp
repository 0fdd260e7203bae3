#include "tests/model/model_test_suites.h"

#include <QCoreApplication>
#include <QTest>

// Runs every Qt Test class of the model layer; exits non-zero when any test fails.
int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    int failures = 0;
    for (auto make : { model::tests::makeDeviceListModelTest, model::tests::makeDeviceCatalogLoadTest,
             model::tests::makeOccupancyModelTest, model::tests::makeRunControllerTest,
             model::tests::makePartialRunRecordingTest,
             model::tests::makeSweepControllerTest, model::tests::makeTimeRangeHistoryTest,
             model::tests::makeLaunchFormTest, model::tests::makeFormFieldTest }) {
        const auto suite = make();
        failures += QTest::qExec(suite.get(), argc, argv);
    }
    return failures == 0 ? 0 : 1;
}

#pragma once

#include <QObject>

#include <memory>

namespace model::tests {

// One factory per Qt Test class of model_tests (each defined next to its tests).
std::unique_ptr<QObject> makeDeviceListModelTest();
std::unique_ptr<QObject> makeDeviceCatalogLoadTest();
std::unique_ptr<QObject> makeOccupancyModelTest();
std::unique_ptr<QObject> makeRunControllerTest();
std::unique_ptr<QObject> makePartialRunRecordingTest();
std::unique_ptr<QObject> makeSweepControllerTest();
std::unique_ptr<QObject> makeTimeRangeHistoryTest();
std::unique_ptr<QObject> makeLaunchFormTest();
std::unique_ptr<QObject> makeFormFieldTest();

} // namespace model::tests

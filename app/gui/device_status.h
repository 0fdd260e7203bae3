#pragma once

#include "model/device/device_catalog_load.h"
#include "model/device/device_summary.h"

#include <QObject>

class QLabel;
class QStatusBar;

namespace app {

/// The status bar's permanent device read-outs: profiles that failed to load, the chosen device and its
/// bandwidth (theoretical, and what ECC leaves of it). GUI thread only.
class DeviceStatus : public QObject {
    Q_OBJECT
public:
    /// Adds the labels to `bar`; `errors` are the catalog's profile load errors.
    DeviceStatus(QStatusBar* bar, const QVector<model::ProfileLoadError>& errors);

    void show(const model::DeviceSummary& device);

private:
    QLabel* m_profileErrors = nullptr;
    QLabel* m_device = nullptr;
    QLabel* m_bandwidth = nullptr;
};

} // namespace app

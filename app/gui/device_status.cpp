#include "app/gui/device_status.h"

#include <QLabel>
#include <QStatusBar>

namespace app {

DeviceStatus::DeviceStatus(QStatusBar* bar, const QVector<model::ProfileLoadError>& errors)
    : QObject(bar)
    , m_profileErrors(new QLabel)
    , m_device(new QLabel)
    , m_bandwidth(new QLabel)
{
    m_profileErrors->setObjectName(QStringLiteral("profileErrors"));
    m_device->setObjectName(QStringLiteral("statusDevice"));
    m_bandwidth->setObjectName(QStringLiteral("statusBandwidth"));
    bar->addPermanentWidget(m_profileErrors);
    bar->addPermanentWidget(m_device);
    bar->addPermanentWidget(m_bandwidth);
    const auto errorCount = errors.size();
    m_profileErrors->setVisible(errorCount > 0);
    m_profileErrors->setText(errorCount == 1
            ? tr("⚠ 1 device profile not loaded (Device ▸ Profile Load Errors)")
            : tr("⚠ %1 device profiles not loaded (Device ▸ Profile Load Errors)").arg(errorCount));
    m_profileErrors->setToolTip(errors.isEmpty() ? QString() : errors.front().text);
}

void DeviceStatus::show(const model::DeviceSummary& device)
{
    m_device->setText(tr("%1 · CC %2 · %3 SMs").arg(device.name, device.computeCapability).arg(device.smCount));
    auto bandwidth = tr("%1 GB/s theoretical").arg(device.theoreticalBandwidthGBps, 0, 'f', 1);
    auto tip = tr("Memory clock × bus width / 8 × data rate (Best Practices Guide, 8.2.1)");
    if (device.eccBandwidthFactor < 1) {
        bandwidth += tr(" · ECC on: %1 GB/s").arg(device.theoreticalBandwidthGBps * device.eccBandwidthFactor, 0, 'f', 1);
        tip += tr("\nWith ECC on, GDDR memory moves checksums too: %1 % less bandwidth (Best Practices Guide, 8.2.1).")
                   .arg(100 * (1 - device.eccBandwidthFactor), 0, 'f', 0);
    }
    m_bandwidth->setText(bandwidth);
    m_bandwidth->setToolTip(tip);
}

} // namespace app

#include "model/device/device_list_model.h"

#include "engine/device/device_catalog.h"

namespace model {

namespace {

DeviceSummary summarize(const engine::DeviceProfile& profile)
{
    return DeviceSummary {
        QString::fromStdString(profile.id),
        QString::fromStdString(profile.name),
        QString::fromStdString(profile.computeCapability.toString()),
        profile.smCount,
        profile.coreClockMhz,
        engine::theoreticalBandwidthGBps(profile.memory),
        QString::fromStdString(profile.origin),
        engine::eccBandwidthFactor(profile.memory),
    };
}

} // namespace

DeviceListModel::DeviceListModel(const engine::DeviceCatalog& catalog, QObject* parent)
    : QAbstractListModel(parent)
{
    for (const auto& profile : catalog.profiles())
        m_devices.push_back(summarize(profile));
}

int DeviceListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_devices.size());
}

QVariant DeviceListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto& device = m_devices.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return tr("%1 (CC %2)").arg(device.name, device.computeCapability);
    case Qt::ToolTipRole:
        return tr("%1 — id %2, %3 SMs, from %4").arg(device.name, device.id).arg(device.smCount).arg(device.origin);
    case IdRole:
        return device.id;
    case NameRole:
        return device.name;
    case ComputeCapabilityRole:
        return device.computeCapability;
    case OriginRole:
        return device.origin;
    default:
        return {};
    }
}

QHash<int, QByteArray> DeviceListModel::roleNames() const
{
    auto names = QAbstractListModel::roleNames();
    names.insert(IdRole, "id");
    names.insert(NameRole, "name");
    names.insert(ComputeCapabilityRole, "computeCapability");
    names.insert(OriginRole, "origin");
    return names;
}

DeviceSummary DeviceListModel::summaryAt(int row) const
{
    if (row < 0 || row >= m_devices.size())
        return {};
    return m_devices.at(row);
}

int DeviceListModel::rowOfId(const QString& id) const
{
    for (int row = 0; row < m_devices.size(); ++row) {
        if (m_devices.at(row).id == id)
            return row;
    }
    return -1;
}

} // namespace model

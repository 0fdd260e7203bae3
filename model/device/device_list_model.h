#pragma once

#include "model/device/device_summary.h"

#include <QAbstractListModel>
#include <QVector>

namespace engine {
class DeviceCatalog;
}

namespace model {

/// The device profiles of a catalog, one row each, oldest generation first.
/// Built once from the immutable catalog; data() only reads the copied summaries. Lives on the GUI thread.
class DeviceListModel : public QAbstractListModel {
    Q_OBJECT
public:
    enum Role {
        IdRole = Qt::UserRole + 1,
        NameRole,
        ComputeCapabilityRole,
        OriginRole,
    };

    explicit DeviceListModel(const engine::DeviceCatalog& catalog, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    /// The summary of `row`; an empty summary when `row` is out of range.
    DeviceSummary summaryAt(int row) const;
    /// The row of the profile with `id`, or -1.
    int rowOfId(const QString& id) const;

private:
    QVector<DeviceSummary> m_devices;
};

} // namespace model

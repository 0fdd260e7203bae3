#pragma once

#include "model/occupancy/occupancy_snapshot.h"

#include <QObject>

#include <memory>

namespace engine {
class DeviceCatalog;
struct DeviceProfile;
}

namespace model {

/// The occupancy calculator's state: a device and three inputs. Every change rebuilds an immutable
/// OccupancySnapshot (microseconds of work, so on the calling thread) and emits snapshotChanged().
/// Lives on the GUI thread.
class OccupancyModel : public QObject {
    Q_OBJECT
public:
    /// Starts on the catalog's first device with OccupancyInputs' defaults.
    explicit OccupancyModel(std::shared_ptr<const engine::DeviceCatalog> catalog, QObject* parent = nullptr);
    ~OccupancyModel() override;

    const OccupancySnapshot& snapshot() const { return m_snapshot; }
    QString deviceId() const { return m_snapshot.deviceId; }
    OccupancyInputs inputs() const { return m_snapshot.inputs; }

    /// Switches the device, moving the inputs into its ranges. Returns false (and changes nothing) for an unknown id.
    bool setDeviceId(const QString& id);
    void setInputs(const OccupancyInputs& inputs);
    void setThreadsPerBlock(int threads);
    void setRegistersPerThread(int registers);
    void setSharedBytesPerBlock(int bytes);

Q_SIGNALS:
    void snapshotChanged();

private:
    void rebuild(const OccupancyInputs& inputs);

    std::shared_ptr<const engine::DeviceCatalog> m_catalog;
    const engine::DeviceProfile* m_profile = nullptr; ///< owned by m_catalog
    OccupancySnapshot m_snapshot;
};

} // namespace model

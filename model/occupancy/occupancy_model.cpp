#include "model/occupancy/occupancy_model.h"

#include "engine/device/device_catalog.h"
#include "model/occupancy/occupancy_snapshot_builder.h"

namespace model {

OccupancyModel::OccupancyModel(std::shared_ptr<const engine::DeviceCatalog> catalog, QObject* parent)
    : QObject(parent)
    , m_catalog(std::move(catalog))
{
    if (m_catalog && !m_catalog->profiles().empty()) {
        m_profile = &m_catalog->profiles().front();
        rebuild(clampToDevice(*m_profile, OccupancyInputs {}));
    }
}

OccupancyModel::~OccupancyModel() = default;

bool OccupancyModel::setDeviceId(const QString& id)
{
    const auto* profile = m_catalog ? m_catalog->find(id.toStdString()) : nullptr;
    if (!profile)
        return false;
    if (profile == m_profile)
        return true;
    m_profile = profile;
    rebuild(clampToDevice(*m_profile, m_snapshot.inputs));
    return true;
}

void OccupancyModel::setInputs(const OccupancyInputs& inputs)
{
    if (!m_profile || inputs == m_snapshot.inputs)
        return;
    rebuild(inputs);
}

void OccupancyModel::setThreadsPerBlock(int threads)
{
    auto inputs = m_snapshot.inputs;
    inputs.threadsPerBlock = threads;
    setInputs(inputs);
}

void OccupancyModel::setRegistersPerThread(int registers)
{
    auto inputs = m_snapshot.inputs;
    inputs.registersPerThread = registers;
    setInputs(inputs);
}

void OccupancyModel::setSharedBytesPerBlock(int bytes)
{
    auto inputs = m_snapshot.inputs;
    inputs.sharedBytesPerBlock = bytes;
    setInputs(inputs);
}

void OccupancyModel::rebuild(const OccupancyInputs& inputs)
{
    m_snapshot = buildOccupancySnapshot(*m_profile, inputs);
    Q_EMIT snapshotChanged();
}

} // namespace model

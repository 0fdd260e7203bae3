#include "model/occupancy/launch_inputs.h"

#include "model/run/run_snapshot.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>

namespace model {

OccupancyInputs launchInputs(const LaunchSummary& launch, const OccupancyInputs& fallback)
{
    OccupancyInputs inputs = fallback;
    const quint64 threads = quint64 { launch.block[0] } * launch.block[1] * launch.block[2];
    constexpr quint64 largest = std::numeric_limits<int>::max();
    inputs.threadsPerBlock = static_cast<int>(std::min(threads, largest));
    inputs.sharedBytesPerBlock = static_cast<int>(std::min(launch.sharedBytes, largest));
    if (launch.registersPerThread > 0) {
        inputs.registersPerThread = launch.registersPerThread;
        inputs.registersSource = launch.registersSource;
    }
    return inputs;
}

QString describeInputs(const OccupancyInputs& inputs)
{
    const auto registers = inputs.registersSource.isEmpty()
        ? QString::number(inputs.registersPerThread)
        : QStringLiteral("%1 (%2)").arg(inputs.registersPerThread).arg(inputs.registersSource);
    return QCoreApplication::translate("model::OccupancyInputs", "%1 threads, %2 registers, %3 B shared per block")
        .arg(inputs.threadsPerBlock)
        .arg(registers)
        .arg(inputs.sharedBytesPerBlock);
}

} // namespace model

#include "engine/host/launch_validation.h"

namespace engine {

namespace {

Error shapeError(const std::string& path, std::string message)
{
    return Error { ErrorCode::InvalidArgument, std::move(message), SourceLocation::atJsonPath({}, path) };
}

} // namespace

std::optional<Error> validateLaunchShape(const LaunchOp& launch, std::uint64_t staticSharedBytes,
    const DeviceProfile& profile, const std::string& stepPath)
{
    // opencl-programming-guide-2.3.txt §2.1.2 and Appendix A: a block larger than the device allows, or
    // needing more shared memory than a block may have, fails to launch.
    const auto& limits = profile.limits;
    const auto threads = std::uint64_t { launch.block[0] } * launch.block[1] * launch.block[2];
    if (threads > static_cast<std::uint64_t>(limits.maxThreadsPerBlock))
        return shapeError(stepPath + "/launch/block", "a block of " + std::to_string(threads) + " threads exceeds "
                + std::to_string(limits.maxThreadsPerBlock) + " on " + profile.id);
    for (std::size_t d = 0; d < 3; ++d) {
        if (launch.block[d] > limits.maxBlockDim[d])
            return shapeError(stepPath + "/launch/block/" + std::to_string(d), "block dimension " + std::to_string(d)
                    + " is " + std::to_string(launch.block[d]) + ", above " + std::to_string(limits.maxBlockDim[d])
                    + " on " + profile.id);
        if (launch.grid[d] > limits.maxGridDim[d])
            return shapeError(stepPath + "/launch/grid/" + std::to_string(d), "grid dimension " + std::to_string(d)
                    + " is " + std::to_string(launch.grid[d]) + ", above " + std::to_string(limits.maxGridDim[d])
                    + " on " + profile.id);
    }
    const auto shared = staticSharedBytes + launch.sharedBytes;
    if (shared > static_cast<std::uint64_t>(limits.maxSharedMemoryPerBlockBytes))
        return shapeError(stepPath + "/launch/shared", std::to_string(shared) + " bytes of shared memory per block exceed "
                + std::to_string(limits.maxSharedMemoryPerBlockBytes) + " on " + profile.id);
    return std::nullopt;
}

} // namespace engine

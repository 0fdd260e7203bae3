#pragma once

#include "engine/device/device_profile.h"
#include "engine/memory/bank_conflict_result.h"
#include "engine/memory/warp_access.h"

#include <memory>
#include <string>

namespace engine {

/// Turns one warp-level shared-memory access into bank passes. One subclass per generation family, each
/// in its own file. Stateless after construction: one instance may serve every warp from any thread.
class SharedBankModel {
public:
    virtual ~SharedBankModel() = default;

    /// Hot path: fills `result` in place (no heap). `access.laneAddresses` are shared-window byte offsets.
    virtual void resolve(const WarpAccess& access, BankConflictResult& result) const = 0;

    /// Cold path, for the warp stepper: the bank geometry, the passes and which lanes collide where.
    virtual std::string explain(const WarpAccess& access) const = 0;
};

/// Shared-memory bank width on CC 3.x, as cudaDeviceSetSharedMemConfig selects it.
enum class SharedBankMode : std::uint8_t {
    DeviceDefault, ///< the profile's bank width (64-bit mode on CC 3.x)
    FourByte, ///< 32-bit mode: successive 32-bit words in successive banks
    EightByte, ///< 64-bit mode: successive 64-bit words in successive banks (CC 3.x only)
};

/// The bank model of the profile's generation (DeviceProfile::sharedMemory).
std::unique_ptr<SharedBankModel> makeSharedBankModel(const DeviceProfile& profile,
    SharedBankMode mode = SharedBankMode::DeviceDefault);

} // namespace engine

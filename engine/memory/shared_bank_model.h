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

    /// Which moves of a whole access leave resolve's answer the same (SharedBankMemo): every active lane's
    /// address moved by one multiple of `quantumBytes` gives the same passes, wavefronts and lane sets, and
    /// each active lane's bank turned by (move >> entryShift) & bankMask. quantumBytes 0: no such move is known.
    struct ShiftRule {
        std::uint64_t quantumBytes = 0;
        unsigned entryShift = 2;
        std::uint8_t bankMask = 31;
    };
    virtual ShiftRule shiftRule(int bytesPerLane) const
    {
        (void)bytesPerLane;
        return {};
    }
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

#include "engine/memory/shared_bank_model.h"

#include "engine/memory/half_warp_broadcast_banks.h"
#include "engine/memory/multicast_banks.h"

namespace engine {

std::unique_ptr<SharedBankModel> makeSharedBankModel(const DeviceProfile& profile, SharedBankMode mode)
{
    const SharedMemorySpec& shared = profile.sharedMemory;
    if (shared.halfWarp)
        return std::make_unique<HalfWarpBroadcastBanks>();
    int entryBytes = shared.bankWidthBytes;
    if (mode == SharedBankMode::FourByte)
        entryBytes = 4; // cudaSharedMemBankSizeFourByte: 32-bit mode on CC 3.x, the only mode elsewhere
    // Paired wide loads were measured on CC 9.0 and are applied to the 32-bit-bank generations from
    // Maxwell on, which share its shared-memory design (multicast_banks.h); Fermi and Kepler keep phases.
    const bool pairsWideLoads = profile.computeCapability.major >= 5 && shared.bankWidthBytes == 4;
    return std::make_unique<MulticastBanks>(shared.banks, entryBytes, shared.bankWidthBytes, pairsWideLoads);
}

} // namespace engine

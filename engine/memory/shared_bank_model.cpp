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
    return std::make_unique<MulticastBanks>(shared.banks, entryBytes, shared.bankWidthBytes);
}

} // namespace engine

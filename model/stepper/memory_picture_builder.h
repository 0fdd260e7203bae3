#pragma once

#include "model/stepper/memory_picture.h"

namespace engine {
struct DeviceProfile;
}
namespace engine::simt {
struct LastAccess;
}

namespace model {

/// Runs one recorded warp access through the profile's coalescer or bank model (engine/memory) and keeps
/// the result and the generation's explanation as a MemoryPicture. Cheap; any thread.
MemoryPicture buildMemoryPicture(const engine::simt::LastAccess& access, const engine::DeviceProfile& profile);

} // namespace model

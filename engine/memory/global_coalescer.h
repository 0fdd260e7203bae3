#pragma once

#include "engine/device/device_profile.h"
#include "engine/memory/coalescing_result.h"
#include "engine/memory/touched_blocks.h"
#include "engine/memory/warp_access.h"

#include <memory>
#include <string>

namespace engine {

/// Turns one warp-level global (or local) memory access into the transactions its generation issues.
/// One subclass per rule, each in its own file (DESIGN.md "memory/"). Stateless after construction, so
/// one instance may serve every warp of a launch from any thread.
class GlobalCoalescer {
public:
    virtual ~GlobalCoalescer() = default;

    /// Hot path: fills `result` in place (no heap). Called for every global memory instruction of every warp.
    virtual void coalesce(const WarpAccess& access, CoalescingResult& result) const = 0;
    /// coalesce, for a caller that has the 32-byte sectors the access touches already
    /// (collectTouchedBlocks(access, access.activeMask, 32, sectors)): the same result; rules that start from
    /// those sectors do not collect them again.
    virtual void coalesceSectors(const WarpAccess& access, const TouchedBlocks& sectors, CoalescingResult& result) const
    {
        (void)sectors;
        coalesce(access, result);
    }

    /// Cold path, for the warp stepper: a few lines saying why the access cost what it did. Recomputes
    /// what it needs from `access`, so the hot path never builds text.
    virtual std::string explain(const WarpAccess& access) const = 0;

    /// Short name of the rule, e.g. "CC 1.0/1.1 strict half-warp coalescing".
    virtual const char* ruleName() const = 0;
};

/// The coalescer of the profile's generation (DeviceProfile::coalescing), configured from its caches.
std::unique_ptr<GlobalCoalescer> makeGlobalCoalescer(const DeviceProfile& profile);

} // namespace engine

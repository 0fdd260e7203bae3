#pragma once

#include "model/source/program_listing.h"
#include "model/source/source_snapshot.h"

namespace engine {
struct DeviceProfile;
struct LaunchReport;
}
namespace engine::ptx {
struct Module;
}

namespace model {

/// Turns one launch's per-PC counters (LaunchReport::outcome) into Source view rows: one per PTX
/// instruction of the kernel, one per CUDA line (the sum of the instructions `.loc` gives it), linked both
/// ways, with heat normalized per side. Pure; any thread.
class SourceSnapshotBuilder {
public:
    SourceSnapshotBuilder(const engine::ptx::Module& module, const ProgramListing& listing,
        const engine::DeviceProfile& profile);

    SourceSnapshot build(const engine::LaunchReport& launch) const;

private:
    void addPtxRows(SourceSnapshot& snapshot, const engine::LaunchReport& launch, int kernel) const;
    void addCudaRows(SourceSnapshot& snapshot) const;
    static void normalizeHeat(QVector<SourceRow>& rows);

    const engine::ptx::Module& m_module;
    const ProgramListing& m_listing;
    const engine::DeviceProfile& m_profile;
};

} // namespace model

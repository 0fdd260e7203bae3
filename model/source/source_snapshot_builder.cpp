#include "model/source/source_snapshot_builder.h"

#include "engine/host/run_report.h"

#include <algorithm>

namespace model {

namespace {

QString unitName(engine::CoalescingGeneration generation)
{
    switch (generation) {
    case engine::CoalescingGeneration::Cc10:
    case engine::CoalescingGeneration::Cc12: return QStringLiteral("segments");
    case engine::CoalescingGeneration::Cc20: return QStringLiteral("L1 lines or L2 segments");
    case engine::CoalescingGeneration::Sectored: return QStringLiteral("32-byte sectors");
    }
    return {};
}

LineCounters countersAt(const engine::KernelOutcome& outcome, std::size_t kernel, std::size_t pc)
{
    LineCounters c;
    if (kernel < outcome.stats.perFunction.size()) {
        const auto& f = outcome.stats.perFunction[kernel];
        c.warpExecutions = pc < f.warpExecutions.size() ? f.warpExecutions[pc] : 0;
        c.threadExecutions = pc < f.threadExecutions.size() ? f.threadExecutions[pc] : 0;
        c.divergentBranches = pc < f.divergentBranches.size() ? f.divergentBranches[pc] : 0;
    }
    if (pc < outcome.perPcMemory.size()) {
        const auto& m = outcome.perPcMemory[pc];
        // One PC is either a global or a shared access; shared ones are the ones that cost wavefronts.
        const bool shared = m.wavefronts > 0;
        c.globalRequests = shared ? 0 : m.requests;
        c.sharedRequests = shared ? m.requests : 0;
        c.sectors = m.sectors;
        c.transactions = m.transactions;
        c.wavefronts = m.wavefronts;
        if (m.banks) {
            for (std::size_t bank = 0; bank < c.bankPasses.size(); ++bank) {
                c.bankPasses[bank] = m.banks->passes[bank];
                c.bankRequests[bank] = m.banks->requests[bank];
            }
        }
    }
    return c;
}

} // namespace

SourceSnapshotBuilder::SourceSnapshotBuilder(const engine::ptx::Module& module, const ProgramListing& listing,
    const engine::DeviceProfile& profile)
    : m_module(module)
    , m_listing(listing)
    , m_profile(profile)
{
}

SourceSnapshot SourceSnapshotBuilder::build(const engine::LaunchReport& launch) const
{
    SourceSnapshot snapshot;
    snapshot.deviceId = QString::fromStdString(m_profile.id);
    snapshot.deviceName = QString::fromStdString(m_profile.name);
    snapshot.kernelName = QString::fromStdString(launch.kernel);
    snapshot.ptxPath = m_listing.ptxPath;
    snapshot.cudaPath = m_listing.cudaPath;
    snapshot.transactionUnit = unitName(m_profile.coalescing);
    const int kernel = m_module.findFunction(launch.mangled);
    if (kernel < 0)
        return snapshot;
    addPtxRows(snapshot, launch, kernel);
    addCudaRows(snapshot);
    normalizeHeat(snapshot.ptxRows);
    normalizeHeat(snapshot.cudaRows);
    return snapshot;
}

void SourceSnapshotBuilder::addPtxRows(SourceSnapshot& snapshot, const engine::LaunchReport& launch, int kernel) const
{
    const auto& lines = m_listing.functions[kernel].lines;
    for (const auto& line : lines) {
        SourceRow row;
        row.line = line.ptxLine;
        row.pc = line.pc;
        row.text = line.text;
        row.counters = countersAt(launch.outcome, static_cast<std::size_t>(kernel), static_cast<std::size_t>(line.pc));
        if (line.cudaLine > 0 && !m_listing.cudaLines.isEmpty())
            row.linked.push_back(line.cudaLine - 1);
        snapshot.totals += row.counters;
        snapshot.ptxRows.push_back(std::move(row));
    }
}

void SourceSnapshotBuilder::addCudaRows(SourceSnapshot& snapshot) const
{
    for (qsizetype i = 0; i < m_listing.cudaLines.size(); ++i) {
        SourceRow row;
        row.line = static_cast<int>(i + 1);
        row.text = m_listing.cudaLines[i];
        snapshot.cudaRows.push_back(std::move(row));
    }
    for (qsizetype p = 0; p < snapshot.ptxRows.size(); ++p) {
        for (const int cudaRow : snapshot.ptxRows[p].linked) {
            if (cudaRow >= snapshot.cudaRows.size())
                continue;
            snapshot.cudaRows[cudaRow].counters += snapshot.ptxRows[p].counters;
            snapshot.cudaRows[cudaRow].linked.push_back(static_cast<int>(p));
        }
    }
}

void SourceSnapshotBuilder::normalizeHeat(QVector<SourceRow>& rows)
{
    double hottest = 0;
    for (const auto& row : rows)
        hottest = std::max(hottest, row.counters.cost());
    for (auto& row : rows)
        row.counters.heat = hottest > 0 ? row.counters.cost() / hottest : 0;
}

} // namespace model

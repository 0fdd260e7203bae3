#pragma once

#include "engine/host/kernel_executor.h"
#include "engine/timing/timed_launch.h"

#include <memory>
#include <optional>

namespace engine::timing {

/// Runs a scenario's launches through the timing model (for the scenario runner, engine/host). One object
/// per device run: it keeps the device's L2 from launch to launch, as the hardware does, so a warm-up launch
/// leaves its data cached for the next. Registers per thread come from ptxas's count for shipped PTX
/// (kernel_registers.h), else from TimingOptions. Lives on the thread that runs the scenario.
class TimedExecutor final : public KernelExecutor {
public:
    explicit TimedExecutor(TimingOptions options = {});

    Result<KernelOutcome> run(const simt::LaunchRequest& request, simt::DeviceMemory& memory,
        std::stop_token stop) override;
    /// Kept in the L2 (MemoryHierarchy::deviceWrite); writes before the first launch wait for its device profile.
    void deviceWritten(std::uint64_t address, std::uint64_t bytes) override;

    ~TimedExecutor() override;

    /// What the last launch produced beyond its KernelOutcome (its counters, intervals and samples went there),
    /// or null before the first.
    const TimedLaunch* last() const { return m_last ? &*m_last : nullptr; }

private:
    struct PreparedModule;
    /// What every launch of `module` on `profile` needs before it runs — the module in issue order, its static
    /// analysis, ptxas's register counts — made once: a scenario launches one module many times, and for short
    /// launches this preparation took longer than the launch. The module must not change while this executor
    /// runs it (runScenario holds it constant).
    const PreparedModule& prepared(const ptx::Module& module, const DeviceProfile& profile);

    /// Puts `launch`'s per-PC results under the PCs of the PTX as written (the SMs ran the module in issue order).
    void toWrittenOrder(TimedLaunch& launch, const std::vector<std::vector<std::uint32_t>>& originalPc,
        std::uint32_t kernel);

    TimingOptions m_options;
    const DeviceProfile* m_profile = nullptr;
    std::unique_ptr<MemoryHierarchy> m_memory;
    std::optional<TimedLaunch> m_last;
    std::unique_ptr<PreparedModule> m_prepared;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> m_pendingWrites; ///< address, bytes; before the first launch
    /// toWrittenOrder's spare arrays, kept from launch to launch.
    std::vector<std::uint64_t> m_spareCounts;
    std::vector<PcMemoryCounters> m_spareMemory;
};

} // namespace engine::timing

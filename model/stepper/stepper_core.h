#pragma once

#include "model/source/program_listing.h"
#include "model/stepper/step_snapshot.h"
#include "model/stepper/stepper_target.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <stop_token>
#include <utility>
#include <variant>
#include <vector>

namespace engine {
class DeviceCatalog;
struct DeviceProfile;
struct LaunchSetup;
struct PreparedScenario;
}
namespace engine::simt {
class WarpStepper;
enum class StepStop : std::uint8_t;
}

namespace model {

/// A breakpoint: (function index, PC).
using Breakpoint = std::pair<std::uint32_t, std::uint32_t>;

/// The engine side of the warp stepper: a prepared scenario, its first launch set up in device memory, a
/// WarpStepper on one block, and the warp selected at each step so far (to replay them on another
/// device). Not thread-safe: StepperSession hands it to one worker job at a time.
class StepperCore {
public:
    /// Loads the scenario for the target's device and sets up the target's block. A user error message
    /// (naming file and line or JSON path) on failure.
    static std::variant<std::unique_ptr<StepperCore>, QString> open(const StepperTarget& target,
        std::shared_ptr<const engine::DeviceCatalog> catalog);
    ~StepperCore();

    /// Runs one command for the selected warp; long runs check `stop` between chunks of steps and report
    /// the step count through `progress` (on this thread).
    StopReason run(StepperCommand command, int cursorPc, const std::set<Breakpoint>& breakpoints,
        const std::stop_token& stop, const std::function<void(quint64)>& progress);
    /// Steps again, from the start, the warps `history` names, one step each; then selects `selected`.
    StopReason replay(const std::vector<std::uint32_t>& history, std::uint32_t selected, const std::stop_token& stop);

    void selectWarp(std::uint32_t warp);
    std::uint32_t selectedWarp() const;
    const std::vector<std::uint32_t>& history() const { return m_history; }
    const StepperTarget& target() const { return m_target; }
    const engine::simt::WarpStepper& stepper() const { return *m_stepper; }
    const engine::DeviceProfile& profile() const;
    const engine::PreparedScenario& prepared() const { return *m_prepared; }
    const engine::LaunchSetup& setup() const { return *m_setup; }
    const std::shared_ptr<const ProgramListing>& listing() const { return m_listing; }
    QString errorText() const;

private:
    StepperCore() = default;
    StopReason runChunks(const std::function<engine::simt::StepStop(std::uint64_t)>& chunk, StopReason reached,
        const std::stop_token& stop, const std::function<void(quint64)>& progress);
    engine::simt::StepStop continueChunk(std::uint64_t steps, const std::set<Breakpoint>& breakpoints);
    void recordHistory();

    std::shared_ptr<const engine::DeviceCatalog> m_catalog;
    std::unique_ptr<engine::PreparedScenario> m_prepared;
    std::unique_ptr<engine::LaunchSetup> m_setup; ///< points into m_prepared
    std::unique_ptr<engine::simt::WarpStepper> m_stepper; ///< steps on m_setup->memory
    std::shared_ptr<const ProgramListing> m_listing;
    std::vector<std::uint32_t> m_history;
    StepperTarget m_target;
};

} // namespace model

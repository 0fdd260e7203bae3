#include "model/stepper/stepper_core.h"

#include "engine/device/device_catalog.h"
#include "engine/host/launch_setup.h"
#include "engine/host/prepared_scenario.h"
#include "engine/simt/warp_stepper.h"

#include <algorithm>

namespace model {

namespace {

using engine::simt::StepStop;

/// Steps per chunk of a long run: between chunks the worker checks for cancellation and reports progress.
constexpr std::uint64_t kChunkSteps = 2048;

StopReason toReason(StepStop stop, StopReason reached)
{
    switch (stop) {
    case StepStop::Stepped: return StopReason::Stepped;
    case StepStop::Barrier: return StopReason::Barrier;
    case StepStop::Breakpoint: return reached;
    case StepStop::WarpDone: return StopReason::WarpDone;
    case StepStop::Fault: return StopReason::Fault;
    case StepStop::AtStart: return StopReason::AtStart;
    }
    return StopReason::None;
}

QString describe(const engine::Error& error)
{
    return QString::fromStdString(error.toString());
}

engine::ParamValues toParams(const QMap<QString, qint64>& overrides)
{
    engine::ParamValues params;
    for (auto it = overrides.begin(); it != overrides.end(); ++it)
        params[it.key().toStdString()] = it.value();
    return params;
}

} // namespace

StepperCore::~StepperCore() = default;

std::variant<std::unique_ptr<StepperCore>, QString> StepperCore::open(const StepperTarget& target,
    std::shared_ptr<const engine::DeviceCatalog> catalog)
{
    std::unique_ptr<StepperCore> core(new StepperCore);
    core->m_catalog = std::move(catalog);
    core->m_target = target;
    auto prepared = engine::prepareScenario(target.scenarioFile.toStdString(), target.deviceId.toStdString(),
        toParams(target.overrides), *core->m_catalog);
    if (!prepared)
        return describe(prepared.error());
    core->m_prepared = std::make_unique<engine::PreparedScenario>(std::move(prepared).value());
    auto setup = engine::setUpLaunch(*core->m_prepared);
    if (!setup)
        return describe(setup.error());
    core->m_setup = std::move(setup).value();
    auto stepper = engine::simt::WarpStepper::create(core->m_setup->request, core->m_setup->memory, target.block);
    if (!stepper)
        return describe(stepper.error());
    core->m_stepper = std::move(stepper).value();
    core->m_target.deviceId = QString::fromStdString(core->m_prepared->profile->id);
    core->m_listing = std::make_shared<const ProgramListing>(buildProgramListing(core->m_prepared->module));
    return core;
}

const engine::DeviceProfile& StepperCore::profile() const { return *m_prepared->profile; }

QString StepperCore::errorText() const
{
    const auto& error = m_stepper->error();
    return error ? describe(*error) : QString();
}

void StepperCore::selectWarp(std::uint32_t warp) { m_stepper->selectWarp(warp); }

std::uint32_t StepperCore::selectedWarp() const { return m_stepper->selectedWarp(); }

void StepperCore::recordHistory()
{
    m_history.resize(m_stepper->stepCount(), m_stepper->selectedWarp());
}

StopReason StepperCore::runChunks(const std::function<StepStop(std::uint64_t)>& chunk, StopReason reached,
    const std::stop_token& stop, const std::function<void(quint64)>& progress)
{
    for (;;) {
        if (stop.stop_requested())
            return StopReason::Cancelled;
        const StepStop result = chunk(kChunkSteps);
        recordHistory();
        if (result != StepStop::Stepped)
            return toReason(result, reached);
        if (progress)
            progress(m_stepper->stepCount());
    }
}

StepStop StepperCore::continueChunk(std::uint64_t steps, const std::set<Breakpoint>& breakpoints)
{
    for (std::uint64_t i = 0; i < steps; ++i) {
        const StepStop result = m_stepper->step();
        if (result != StepStop::Stepped)
            return result;
        if (breakpoints.contains({ m_stepper->function(), m_stepper->pc() }))
            return StepStop::Breakpoint;
    }
    return StepStop::Stepped;
}

StopReason StepperCore::run(StepperCommand command, int cursorPc, const std::set<Breakpoint>& breakpoints,
    const std::stop_token& stop, const std::function<void(quint64)>& progress)
{
    auto& s = *m_stepper;
    StopReason reason = StopReason::Stepped;
    switch (command) {
    case StepperCommand::Refresh: return StopReason::None;
    case StepperCommand::Step: reason = toReason(s.step(), StopReason::Stepped); break;
    case StepperCommand::StepBack:
        reason = s.stepBack() == StepStop::AtStart ? StopReason::AtStart : StopReason::SteppedBack;
        break;
    case StepperCommand::RunToBarrier:
        return runChunks([&s](std::uint64_t n) { return s.runToBarrier(n); }, StopReason::Barrier, stop, progress);
    case StepperCommand::RunToCursor: {
        const auto fn = s.function();
        const auto pc = static_cast<std::uint32_t>(cursorPc);
        return runChunks([&s, fn, pc](std::uint64_t n) { return s.runToPc(fn, pc, n); }, StopReason::Cursor, stop, progress);
    }
    case StepperCommand::Continue:
        return runChunks([this, &breakpoints](std::uint64_t n) { return continueChunk(n, breakpoints); },
            StopReason::Breakpoint, stop, progress);
    case StepperCommand::RunToEnd:
        return runChunks([&s](std::uint64_t n) { return s.runToEnd(n); }, StopReason::WarpDone, stop, progress);
    }
    recordHistory();
    return reason;
}

StopReason StepperCore::replay(const std::vector<std::uint32_t>& history, std::uint32_t selected,
    const std::stop_token& stop)
{
    StopReason reason = StopReason::Stepped;
    for (std::size_t i = 0; i < history.size(); ++i) {
        if (i % kChunkSteps == 0 && stop.stop_requested()) {
            reason = StopReason::Cancelled;
            break;
        }
        m_stepper->selectWarp(history[i]);
        const StepStop result = m_stepper->step();
        if (result != StepStop::Stepped) {
            reason = toReason(result, StopReason::Stepped);
            break;
        }
    }
    m_stepper->selectWarp(selected);
    const auto done = std::min<std::size_t>(history.size(), m_stepper->stepCount());
    m_history.assign(history.begin(), history.begin() + static_cast<std::ptrdiff_t>(done));
    return reason;
}

} // namespace model

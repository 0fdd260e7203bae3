#include "engine/simt/warp_stepper.h"

#include "engine/simt/fault_report.h"

#include <cstring>
#include <functional>

namespace engine::simt {

struct WarpStepper::Checkpoint {
    std::uint64_t step = 0;
    CtaState cta;
    IssueCounters issue;
    std::uint64_t clock = 0;
    std::size_t journalEntries = 0;
    std::vector<LastAccess> lastAccess;
};

WarpStepper::WarpStepper(LaunchPlan plan, DeviceMemory& memory)
    : m_plan(std::move(plan))
    , m_memory(memory)
{
}

WarpStepper::~WarpStepper() = default;

Result<std::unique_ptr<WarpStepper>> WarpStepper::create(const LaunchRequest& request, DeviceMemory& memory,
    std::array<std::uint32_t, 3> block)
{
    ModuleImage image;
    if (request.moduleImage)
        image = *request.moduleImage;
    else if (request.module)
        image = memory.loadModule(*request.module);
    auto plan = makeLaunchPlan(request, image);
    if (!plan)
        return plan.error();
    for (std::size_t d = 0; d < 3; ++d) {
        if (block[d] >= plan->grid[d])
            return Error(ErrorCode::InvalidArgument, "stepper: block index outside the grid");
    }
    std::unique_ptr<WarpStepper> s(new WarpStepper(std::move(plan).value(), memory));
    const auto& m = *s->m_plan.module;
    s->m_counters.resize(m.functions.size());
    for (std::size_t f = 0; f < m.functions.size(); ++f) {
        const std::size_t n = m.functions[f].instructions.size();
        s->m_counters[f] = PcCounters { std::vector<std::uint64_t>(n), std::vector<std::uint64_t>(n), std::vector<std::uint64_t>(n) };
    }
    s->m_issue.budget = s->m_plan.instructionBudget;
    s->m_runner = std::make_unique<CtaRunner>(s->m_plan, memory, nullptr, s->m_counters, s->m_issue);
    s->m_block = block[0] + std::uint64_t { block[1] } * s->m_plan.grid[0]
        + std::uint64_t { block[2] } * s->m_plan.grid[0] * s->m_plan.grid[1];
    s->m_runner->start(s->m_block);
    s->m_runner->context().journal = &s->m_journal;
    s->m_runner->context().recordAccesses = true;
    s->m_lastAccess.resize(s->m_plan.warpsPerBlock);
    s->checkpoint();
    return s;
}

std::uint32_t WarpStepper::warpCount() const { return m_plan.warpsPerBlock; }

void WarpStepper::selectWarp(std::uint32_t warp)
{
    if (warp < warpCount())
        m_selected = warp;
}

bool WarpStepper::advanceOthers()
{
    // The other warps run (index order, up to a barrier or their end) until the selected one is released.
    CtaRunner& r = *m_runner;
    while (r.cta().warps[m_selected].status == WarpStatus::AtBarrier) {
        bool ran = false;
        for (std::uint32_t w = 0; w < warpCount(); ++w) {
            if (w == m_selected || r.cta().warps[w].status != WarpStatus::Ready)
                continue;
            ran = true;
            r.context().lastAccess.valid = false;
            if (!r.runWarpFor(w, CtaRunner::kSliceInstructions))
                return false;
            if (r.context().lastAccess.valid)
                m_lastAccess[w] = r.context().lastAccess;
        }
        if (!ran && r.detectDeadlock())
            return false;
    }
    return true;
}

StepStop WarpStepper::stepOnce()
{
    if (m_error)
        return StepStop::Fault;
    CtaRunner& r = *m_runner;
    if (r.cta().warps[m_selected].status == WarpStatus::Done)
        return StepStop::WarpDone;
    m_history.resize(m_steps);
    m_history.push_back(m_selected);
    bool ok = advanceOthers();
    if (ok) {
        r.context().lastAccess.valid = false;
        ok = r.runWarpFor(m_selected, 1);
        if (r.context().lastAccess.valid)
            m_lastAccess[m_selected] = r.context().lastAccess;
    }
    ++m_steps;
    if (!ok) {
        m_error = describeFault(r.context());
        return StepStop::Fault;
    }
    if (m_steps % kCheckpointInterval == 0)
        checkpoint();
    return StepStop::Stepped;
}

StepStop WarpStepper::step() { return stepOnce(); }

void WarpStepper::checkpoint()
{
    if (!m_checkpoints.empty() && m_checkpoints.back().step == m_steps)
        return;
    Checkpoint cp;
    cp.step = m_steps;
    cp.cta = m_runner->cta();
    cp.issue = m_issue;
    cp.clock = m_runner->context().clock;
    cp.journalEntries = m_journal.entries.size();
    cp.lastAccess = m_lastAccess;
    m_checkpoints.push_back(std::move(cp));
}

void WarpStepper::restore(const Checkpoint& cp)
{
    // Undo global stores newest first, back to the checkpoint's journal position.
    while (m_journal.entries.size() > cp.journalEntries) {
        const WriteJournal::Entry e = m_journal.entries.back();
        Allocation* a = m_memory.findContaining(e.address, e.size);
        if (a)
            std::memcpy(a->bytes.data() + (e.address - a->address), m_journal.oldBytes.data() + e.offset, e.size);
        m_journal.oldBytes.resize(e.offset);
        m_journal.entries.pop_back();
    }
    m_runner->cta() = cp.cta;
    m_issue = cp.issue;
    m_runner->context().clock = cp.clock;
    m_runner->context().fault = Fault {};
    m_runner->context().lastAllocation = nullptr;
    m_lastAccess = cp.lastAccess;
    m_steps = cp.step;
    m_error.reset();
}

StepStop WarpStepper::stepBack()
{
    if (m_steps == 0)
        return StepStop::AtStart;
    const std::uint64_t target = m_steps - 1;
    while (m_checkpoints.size() > 1 && m_checkpoints.back().step > target)
        m_checkpoints.pop_back();
    const std::uint32_t selected = m_selected;
    restore(m_checkpoints.back());
    // Deterministic re-execution from the checkpoint, each step with the warp that was selected then.
    while (m_steps < target) {
        m_selected = m_history[m_steps];
        if (stepOnce() != StepStop::Stepped)
            break;
    }
    m_history.resize(m_steps);
    m_selected = selected;
    return StepStop::Stepped;
}

StepStop WarpStepper::runUntil(std::uint64_t maxSteps, const std::function<bool()>& stop, StepStop reason)
{
    for (std::uint64_t i = 0; i < maxSteps; ++i) {
        const StepStop s = stepOnce();
        if (s != StepStop::Stepped)
            return s;
        if (stop())
            return reason;
    }
    return StepStop::Stepped;
}

StepStop WarpStepper::runToBarrier(std::uint64_t maxSteps)
{
    return runUntil(maxSteps, [this] { return status() == WarpStatus::AtBarrier; }, StepStop::Barrier);
}

StepStop WarpStepper::runToPc(std::uint32_t fn, std::uint32_t targetPc, std::uint64_t maxSteps)
{
    return runUntil(maxSteps, [this, fn, targetPc] { return function() == fn && pc() == targetPc; }, StepStop::Breakpoint);
}

StepStop WarpStepper::runToSourceLine(std::uint32_t line, std::uint64_t maxSteps)
{
    return runUntil(maxSteps, [this, line] {
        const auto& code = m_plan.module->functions[function()].instructions;
        return pc() < code.size() && code[pc()].source.line == line;
    }, StepStop::Breakpoint);
}

StepStop WarpStepper::runToEnd(std::uint64_t maxSteps)
{
    return runUntil(maxSteps, [] { return false; }, StepStop::Stepped);
}

WarpStatus WarpStepper::status() const { return m_runner->cta().warps[m_selected].status; }

std::uint32_t WarpStepper::function() const
{
    const WarpState& w = m_runner->cta().warps[m_selected];
    return w.frames.empty() ? m_plan.kernelIndex : w.frames.back().function;
}

std::uint32_t WarpStepper::pc() const
{
    const WarpState& w = m_runner->cta().warps[m_selected];
    return w.status == WarpStatus::Done || w.stack.empty() ? ptx::kNoPc : w.stack.back().pc;
}

std::uint32_t WarpStepper::activeMask() const
{
    const WarpState& w = m_runner->cta().warps[m_selected];
    return w.stack.empty() ? 0 : w.stack.back().mask;
}

std::uint32_t WarpStepper::exitedMask() const { return m_runner->cta().warps[m_selected].exitedMask; }

std::uint64_t WarpStepper::registerValue(ptx::RegRef reg, std::uint32_t lane) const
{
    const WarpState& w = m_runner->cta().warps[m_selected];
    const Frame& f = w.frames.back();
    const std::size_t slot = (std::size_t { f.regBase[static_cast<std::size_t>(reg.file)] } + reg.index) * kWarpLanes + lane;
    switch (reg.file) {
    case ptx::RegFile::Pred: return (w.pred[f.regBase[0] + reg.index] >> lane) & 1u;
    case ptx::RegFile::B16: return w.b16[slot];
    case ptx::RegFile::B32: return w.b32[slot];
    case ptx::RegFile::B64: return w.b64[slot];
    case ptx::RegFile::B128: return w.b128[slot * 2];
    }
    return 0;
}

const LastAccess& WarpStepper::lastAccess() const { return m_lastAccess[m_selected]; }

const CtaState& WarpStepper::cta() const { return m_runner->cta(); }

} // namespace engine::simt

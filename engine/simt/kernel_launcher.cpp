#include "engine/simt/cooperative_grid.h"
#include "engine/simt/cta_runner.h"
#include "engine/simt/fault_report.h"
#include "engine/simt/launch.h"

#include <algorithm>
#include <cstring>

namespace engine::simt {

namespace {

    bool needsImage(const ptx::Module& m)
    {
        return std::any_of(m.variables.begin(), m.variables.end(), [](const ptx::Variable& v) {
            return v.space == ptx::StateSpace::Global || v.space == ptx::StateSpace::Const;
        });
    }

} // namespace

Result<LaunchStats> runKernel(const LaunchRequest& request, DeviceMemory& memory, ExecutionObserver* observer,
    std::stop_token stop)
{
    ModuleImage ownImage;
    const ModuleImage* image = request.moduleImage;
    if (!image) {
        if (request.module && needsImage(*request.module))
            ownImage = memory.loadModule(*request.module);
        image = &ownImage;
    }
    auto plan = makeLaunchPlan(request, *image);
    if (!plan)
        return plan.error();
    LaunchStats stats;
    stats.perFunction = makePcCounters(*request.module);
    IssueCounters issue;
    issue.budget = plan->instructionBudget;
    if (plan->cooperative) {
        if (auto error = checkCooperativeFit(*request.profile, *plan, request.registersPerThread))
            return *error;
        plan.value().gridWorkspace = gridSyncWorkspace(memory);
    }
    if (plan->interleaved()) {
        CooperativeGrid grid(*plan, memory, observer, stats.perFunction, issue);
        if (!grid.run(stop))
            return describeFault(grid.faultContext());
        stats.divergentBranches = grid.divergentBranches();
    }
    CtaRunner runner(*plan, memory, observer, stats.perFunction, issue);
    for (std::uint64_t b = 0; b < plan->blockCount && !plan->interleaved(); ++b) {
        runner.start(b);
        if (!runner.runToCompletion(stop))
            return describeFault(runner.context());
        stats.divergentBranches += runner.context().divergentBranches;
        runner.context().divergentBranches = 0;
        if (request.blockFinished)
            request.blockFinished(b + 1, plan->blockCount);
    }
    stats.warpInstructions = issue.warpInstructions;
    stats.threadInstructions = issue.threadInstructions;
    stats.blocks = plan->blockCount;
    stats.warps = plan->blockCount * plan->warpsPerBlock;
    return stats;
}

ParamBlockBuilder::ParamBlockBuilder(const ptx::Function& kernel)
    : m_kernel(kernel)
    , m_bytes(kernel.paramBytes, 0)
{
}

bool ParamBlockBuilder::set(std::size_t index, std::uint64_t value)
{
    if (index >= m_kernel.params.size())
        return false;
    const ptx::Variable& v = m_kernel.variables[m_kernel.params[index]];
    std::uint8_t bytes[8];
    for (std::size_t i = 0; i < 8; ++i)
        bytes[i] = static_cast<std::uint8_t>(value >> (8 * i)); // little-endian (PTX ISA 8.5 §5.1.6)
    return setBytes(index, std::span<const std::uint8_t>(bytes, std::min<std::size_t>(8, v.sizeBytes)));
}

bool ParamBlockBuilder::setBytes(std::size_t index, std::span<const std::uint8_t> bytes)
{
    if (index >= m_kernel.params.size())
        return false;
    const ptx::Variable& v = m_kernel.variables[m_kernel.params[index]];
    if (bytes.size() > v.sizeBytes)
        return false;
    if (m_bytes.size() < v.offset + v.sizeBytes)
        m_bytes.resize(v.offset + v.sizeBytes, 0);
    std::memcpy(m_bytes.data() + v.offset, bytes.data(), bytes.size());
    return true;
}

} // namespace engine::simt

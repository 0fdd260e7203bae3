#include "engine/simt/launch_plan.h"

#include "engine/common/align_up.h"
#include "engine/ptx/known_alignment.h"
#include "engine/ptx/shared_usage.h"
#include "engine/simt/launch_environment.h"
#include "engine/simt/module_facts.h"

#include <algorithm>
#include <optional>

namespace engine::simt {

namespace {

    Error launchError(const std::string& kernel, const std::string& what)
    {
        return Error(ErrorCode::InvalidArgument, "launch of " + kernel + ": " + what);
    }

    /// Lays out the variables of one space in declaration order, each at its alignment (PTX ISA 8.5
    /// §5.4.5 .align). Returns the end offset; extern (unsized) shared arrays are skipped here.
    std::uint64_t layOut(const std::vector<ptx::Variable>& vars, ptx::StateSpace space, std::uint64_t start,
        std::vector<std::uint64_t>& offsets)
    {
        std::uint64_t end = start;
        for (std::size_t i = 0; i < vars.size(); ++i) {
            const ptx::Variable& v = vars[i];
            if (v.space != space || v.isExtern)
                continue;
            // Shared arrays sit where ptxas places them (ptx/known_alignment.h), so that wide loads line up.
            end = alignUp(end, space == ptx::StateSpace::Shared ? ptx::sharedPlacementAlign(v) : std::max<std::uint64_t>(v.align, 1));
            offsets[i] = end;
            end += v.sizeBytes;
        }
        return end;
    }

    std::uint64_t externAlign(const std::vector<ptx::Variable>& vars, std::uint64_t align)
    {
        for (const ptx::Variable& v : vars) {
            if (v.space == ptx::StateSpace::Shared && v.isExtern)
                align = std::max<std::uint64_t>(align, v.align);
        }
        return align;
    }

    void placeExtern(const std::vector<ptx::Variable>& vars, std::uint64_t base, std::vector<std::uint64_t>& offsets)
    {
        for (std::size_t i = 0; i < vars.size(); ++i) {
            if (vars[i].space == ptx::StateSpace::Shared && vars[i].isExtern)
                offsets[i] = base;
        }
    }

    void layOutFunctions(const ptx::Module& m, std::uint32_t kernelIndex, LaunchPlan& plan)
    {
        plan.functions.resize(m.functions.size());
        std::uint64_t shared = plan.staticSharedBytes;
        std::uint64_t local = 0;
        for (std::size_t f = 0; f < m.functions.size(); ++f) {
            const ptx::Function& fn = m.functions[f];
            FunctionLayout& layout = plan.functions[f];
            layout.variableOffset.assign(fn.variables.size(), 0);
            layout.inParamBlock.assign(fn.variables.size(), 0);
            shared = layOut(fn.variables, ptx::StateSpace::Shared, shared, layout.variableOffset);
            layout.localBase = alignUp(local, 16);
            local = layOut(fn.variables, ptx::StateSpace::Local, layout.localBase, layout.variableOffset);
            // Kernel parameters keep the IR's offsets into the launch's parameter block (§5.1.6.1);
            // every other .param (function arguments, call arguments) goes into the per-lane frame.
            if (f == kernelIndex) {
                for (std::uint32_t p : fn.params) {
                    layout.inParamBlock[p] = 1;
                    layout.variableOffset[p] = fn.variables[p].offset;
                }
            }
            std::uint64_t frame = 0;
            for (std::size_t i = 0; i < fn.variables.size(); ++i) {
                const ptx::Variable& v = fn.variables[i];
                if (v.space != ptx::StateSpace::Param || layout.inParamBlock[i])
                    continue;
                frame = alignUp(frame, std::max<std::uint64_t>(v.align, 1));
                layout.variableOffset[i] = frame;
                frame += v.sizeBytes;
            }
            layout.paramFrameBytes = static_cast<std::uint32_t>(alignUp(frame, 8));
        }
        plan.staticSharedBytes = shared;
        plan.localBytesPerThread = alignUp(local, 16);
    }

    Result<bool> checkShape(const LaunchRequest& r, const ptx::Function& fn, const std::string& name)
    {
        for (int d = 0; d < 3; ++d) {
            if (r.grid[static_cast<std::size_t>(d)] == 0 || r.block[static_cast<std::size_t>(d)] == 0)
                return launchError(name, "grid and block dimensions must be at least 1");
        }
        const std::uint64_t threads = std::uint64_t { r.block[0] } * r.block[1] * r.block[2];
        if (r.profile && threads > static_cast<std::uint64_t>(r.profile->limits.maxThreadsPerBlock))
            return launchError(name, std::to_string(threads) + " threads per block exceed the device's limit of "
                    + std::to_string(r.profile->limits.maxThreadsPerBlock));
        if (threads > 64 * kWarpLanes)
            return launchError(name, std::to_string(threads) + " threads per block are more than warpscope runs");
        if (r.params.size() < fn.paramBytes)
            return launchError(name, "parameter block of " + std::to_string(r.params.size())
                    + " bytes, the kernel declares " + std::to_string(fn.paramBytes));
        if (r.profile && r.profile->warpSize != kWarpLanes)
            return Error(ErrorCode::Unsupported, "launch of " + name + ": warp size "
                    + std::to_string(r.profile->warpSize) + " (warpscope executes 32-lane warps)");
        return true;
    }

    /// Module and function .shared variables, then dynamic shared memory after the static part
    /// (Programming Guide 0.8.2 §4.2.3: Ns bytes "in addition to the statically allocated memory");
    /// every extern array starts there (§4.2.2.3).
    void layOutShared(const ptx::Module& m, const LaunchRequest& r, const ModuleFacts* facts, LaunchPlan& plan)
    {
        std::vector<std::uint64_t> moduleShared(m.variables.size(), 0);
        const bool known = facts && r.kernel < facts->variablesUsedBy.size();
        plan.staticSharedBytes = ptx::layOutModuleShared(
            m, known ? facts->variablesUsedBy[r.kernel] : ptx::moduleVariablesUsedBy(m, r.kernel), moduleShared);
        layOutFunctions(m, r.kernel, plan);
        std::uint64_t align = externAlign(m.variables, 16);
        for (const ptx::Function& f : m.functions)
            align = externAlign(f.variables, align);
        plan.dynamicSharedBase = alignUp(plan.staticSharedBytes, align);
        plan.sharedBytes = plan.dynamicSharedBase + r.dynamicSharedBytes;
        placeExtern(m.variables, plan.dynamicSharedBase, moduleShared);
        for (std::size_t i = 0; i < m.variables.size(); ++i) {
            if (m.variables[i].space == ptx::StateSpace::Shared)
                plan.moduleVariableAddress[i] = moduleShared[i];
        }
        for (std::size_t f = 0; f < m.functions.size(); ++f)
            placeExtern(m.functions[f].variables, plan.dynamicSharedBase, plan.functions[f].variableOffset);
    }

} // namespace

std::string kernelDisplayName(const ptx::Function& fn)
{
    const std::string& d = fn.demangled.empty() ? fn.name : fn.demangled;
    return d.substr(0, d.find('('));
}

namespace {

/// The launch's cluster shape: the request's, else the kernel's .reqnctapercluster, else one CTA. Checked as the
/// CUDA C++ Programming Guide's "Thread Block Clusters" and the PTX ISA (§11.4.9) require: compute capability
/// 9.0, the grid a multiple of the cluster in every dimension, at most 8 CTAs (the portable cluster size), and
/// the kernel's own shape when it declares one.
Result<std::array<std::uint32_t, 3>> clusterShape(const LaunchRequest& r, const ptx::Function& fn, const std::string& name)
{
    const std::array<std::uint32_t, 3> none { 0, 0, 0 };
    const bool requested = r.cluster != none;
    const bool declared = fn.reqnctapercluster != none;
    if (!requested && !declared && !fn.explicitCluster)
        return std::array<std::uint32_t, 3> { 1, 1, 1 };
    if (requested && declared && r.cluster != fn.reqnctapercluster)
        return launchError(name, "its cluster shape is fixed by __cluster_dims__ (.reqnctapercluster)");
    if (!requested && !declared)
        return launchError(name, "needs a cluster launch (.explicitcluster): give the launch a \"cluster\" shape");
    auto cluster = requested ? r.cluster : fn.reqnctapercluster;
    for (auto& d : cluster)
        d = std::max(d, 1U);
    if (r.profile && r.profile->computeCapability < ComputeCapability { 9, 0 })
        return launchError(name, "thread-block clusters need compute capability 9.0; the " + r.profile->name + " ("
                + r.profile->id + ") has " + r.profile->computeCapability.toString());
    const std::uint32_t size = cluster[0] * cluster[1] * cluster[2];
    if (size > 8)
        return launchError(name, "a cluster of " + std::to_string(size) + " CTAs (8 at most, the portable cluster size)");
    for (int i = 0; i < 3; ++i) {
        if (r.grid[static_cast<std::size_t>(i)] % cluster[static_cast<std::size_t>(i)] != 0)
            return launchError(name, "the grid is not a multiple of the cluster shape in dimension " + std::string(1, "xyz"[i]));
    }
    return cluster;
}

} // namespace

Result<LaunchPlan> makeLaunchPlan(const LaunchRequest& r, const ModuleImage& image)
{
    if (!r.module || r.kernel >= r.module->functions.size())
        return Error(ErrorCode::InvalidArgument, "launch: no such kernel");
    const ptx::Module& m = *r.module;
    const ptx::Function& fn = m.functions[r.kernel];
    const std::string name = kernelDisplayName(fn);
    if (!fn.isEntry || !fn.hasBody)
        return launchError(name, "not a kernel (.entry) with a body");
    if (auto refused = m.refusal(r.kernel)) {
        refused->message = "kernel " + name + " is refused: " + refused->message;
        return *refused;
    }
    if (auto shape = checkShape(r, fn, name); !shape)
        return shape.error();
    const ModuleFacts* facts = image.facts.get();
    if (r.profile) {
        if (auto unsupported = checkCapabilities(m, r.kernel, *r.profile, facts))
            return *unsupported;
    }
    LaunchPlan plan;
    plan.module = r.module;
    plan.kernelIndex = r.kernel;
    plan.grid = r.grid;
    plan.block = r.block;
    plan.blockCount = std::uint64_t { r.grid[0] } * r.grid[1] * r.grid[2];
    plan.threadsPerBlock = r.block[0] * r.block[1] * r.block[2];
    plan.warpsPerBlock = (plan.threadsPerBlock + kWarpLanes - 1) / kWarpLanes;
    plan.moduleVariableAddress = image.variableAddresses;
    plan.moduleVariableAddress.resize(m.variables.size(), 0);
    layOutShared(m, r, facts, plan);
    plan.reservedSharedBase = plan.sharedBytes;
    if (facts ? facts->readsReservedShared : readsReservedShared(m)) {
        plan.reservedSharedBase = alignUp(plan.sharedBytes, 128);
        plan.reservedSharedBytes = kReservedSharedBytes;
    }
    plan.cooperative = r.cooperative;
    if (auto cluster = clusterShape(r, fn, name); !cluster)
        return cluster.error();
    else
        plan.cluster = *cluster;
    plan.explicitCluster = plan.clusterSize() > 1 || fn.explicitCluster
        || r.cluster != std::array<std::uint32_t, 3> { 0, 0, 0 };
    plan.printfLog = r.printfLog;
    plan.params = r.params;
    plan.instructionBudget = r.instructionBudget;
    return plan;
}

} // namespace engine::simt

#include "engine/simt/fault_report.h"

#include "engine/simt/address_layout.h"

#include <sstream>

namespace engine::simt {

namespace {

    std::string triple(const std::array<std::uint32_t, 3>& v)
    {
        return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) + ")";
    }

    std::string hex(std::uint64_t v)
    {
        std::ostringstream s;
        s << "0x" << std::hex << v;
        return s.str();
    }

    std::string where(const ExecContext& ctx)
    {
        const Fault& f = ctx.fault;
        const WarpState& w = *ctx.warp;
        const std::array<std::uint32_t, 3> thread { w.tid[0][f.lane], w.tid[1][f.lane], w.tid[2][f.lane] };
        const ptx::Function& fn = ctx.plan->module->functions[f.function];
        std::string out = " in " + kernelDisplayName(ctx.plan->module->functions[ctx.plan->kernelIndex]);
        if (f.function != ctx.plan->kernelIndex)
            out += " (in function " + kernelDisplayName(fn) + ")";
        return out + " at PC " + std::to_string(f.pc) + " by thread " + triple(thread) + " in block "
            + triple(ctx.cta->ctaid);
    }

    std::string memoryWhat(const ExecContext& ctx)
    {
        const Fault& f = ctx.fault;
        const std::string access = std::string(f.detail.empty() ? "access" : f.detail) + " of size "
            + std::to_string(f.size) + " bytes";
        std::string head = (f.kind == FaultKind::Misaligned ? "misaligned " : "invalid ")
            + std::string(memorySpaceName(f.space)) + " " + access + where(ctx) + ": address " + hex(f.address);
        if (f.kind == FaultKind::Misaligned)
            return head + " is not aligned to " + std::to_string(f.size) + " bytes";
        switch (f.space) {
        case MemorySpace::Global:
        case MemorySpace::Const:
            return head + " " + describeLookup(ctx.memory->find(f.address, f.size), f.size);
        case MemorySpace::Shared:
            return head + " is outside the block's " + std::to_string(ctx.plan->sharedBytes) + " bytes of shared memory";
        case MemorySpace::Local:
            return head + " is outside the thread's " + std::to_string(ctx.plan->localBytesPerThread)
                + " bytes of local memory";
        case MemorySpace::Param:
            return head + " is outside the parameter space";
        }
        return head;
    }

    std::string message(const ExecContext& ctx)
    {
        const Fault& f = ctx.fault;
        switch (f.kind) {
        case FaultKind::OutOfBounds:
        case FaultKind::Misaligned: return memoryWhat(ctx);
        case FaultKind::Trap: return "trap executed" + where(ctx);
        case FaultKind::Budget:
            return "instruction budget of " + std::to_string(ctx.plan->instructionBudget)
                + " warp instructions exhausted" + where(ctx) + " (an endless loop?)";
        case FaultKind::Unsupported: return "unsupported: " + f.detail + where(ctx);
        case FaultKind::Deadlock:
            return "barrier deadlock in block " + triple(ctx.cta->ctaid) + " of "
                + kernelDisplayName(ctx.plan->module->functions[ctx.plan->kernelIndex])
                + ": no warp can run, " + f.detail;
        case FaultKind::Cancelled: return "launch cancelled";
        case FaultKind::BadPrintf: return "bad printf: " + f.detail + where(ctx);
        case FaultKind::None: break;
        }
        return "no fault";
    }

    SourceLocation location(const ExecContext& ctx)
    {
        const ptx::Module& m = *ctx.plan->module;
        const ptx::Function& fn = m.functions[ctx.fault.function];
        if (ctx.fault.pc < fn.instructions.size()) {
            const ptx::SourceLine& s = fn.instructions[ctx.fault.pc].source;
            if (s.file != 0 && s.file < m.files.size())
                return SourceLocation::inFile(m.files[s.file], s.line, s.column);
        }
        return SourceLocation::inFile(m.sourceName, 0, 0);
    }

} // namespace

const char* memorySpaceName(MemorySpace space)
{
    switch (space) {
    case MemorySpace::Global: return "global";
    case MemorySpace::Shared: return "shared";
    case MemorySpace::Local: return "local";
    case MemorySpace::Const: return "const";
    case MemorySpace::Param: return "param";
    }
    return "?";
}

Error describeFault(const ExecContext& ctx)
{
    const ErrorCode code = ctx.fault.kind == FaultKind::Unsupported ? ErrorCode::Unsupported : ErrorCode::InvalidArgument;
    return Error(code, message(ctx), location(ctx));
}

} // namespace engine::simt

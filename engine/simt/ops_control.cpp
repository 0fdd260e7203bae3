// PTX ISA 8.5 §9.7.12 "Control Flow Instructions" and §9.7.19 miscellaneous ones.
#include "engine/simt/ops.h"
#include "engine/simt/simt_stack.h"

namespace engine::simt {

// §9.7.12.2 bra: the guard decides per lane; divergent lanes run one path after the other and meet at
// the branch's immediate post-dominator (DIGEST §1.4).
void execBra(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const std::uint32_t pc = ctx.warp->stack.back().pc - 1;
    branch(ctx, pc, ins.operands[0].index, ins.reconvergePc, mask);
}

// §9.7.12.3 call: direct calls to a .func with a body, and the CUDA runtime's vprintf (ops_printf.cpp).
void execCall(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const ptx::CallSite& site = ctx.fn->callSites[ins.callSite];
    const ptx::Function& callee = ctx.plan->module->functions[site.callee];
    if (!callee.hasBody && callee.name == "vprintf") {
        execVprintf(ctx, site, mask);
        return;
    }
    if (!callee.hasBody) {
        ctx.fail(FaultKind::Unsupported, 0, "call to external function " + callee.name + " (no body in the module)");
        return;
    }
    if (mask == 0)
        return;
    if (ctx.warp->frames.size() >= 1024) {
        ctx.fail(FaultKind::Unsupported, 0, "call depth beyond 1024 frames (unbounded recursion?)");
        return;
    }
    pushCall(ctx, site, mask);
}

// §9.7.12.4 ret: return from a .func; in the kernel it ends the threads like exit.
void execRet(ExecContext& ctx, const ptx::Instruction&, std::uint32_t mask)
{
    if (ctx.warp->frames.size() == 1)
        exitLanes(ctx, mask);
    else
        returnLanes(ctx, mask);
}

// §9.7.12.5 exit: the lanes end; they stop holding up barriers (see CtaRunner::releaseBarriers).
void execExit(ExecContext& ctx, const ptx::Instruction&, std::uint32_t mask) { exitLanes(ctx, mask); }

// §9.7.19.1 trap: aborts the launch, which the host sees as an error.
void execTrap(ExecContext& ctx, const ptx::Instruction&, std::uint32_t mask)
{
    if (mask != 0)
        ctx.fail(FaultKind::Trap, static_cast<std::uint32_t>(__builtin_ctz(mask)));
}

// §9.7.19.2 brkpt: suspends under a debugger; without one it has no effect.
void execBrkpt(ExecContext&, const ptx::Instruction&, std::uint32_t) { }

// §9.7.19.5 pmevent: a performance-monitor event; no architectural effect.
void execPmevent(ExecContext&, const ptx::Instruction&, std::uint32_t) { }

// §9.7.13.12 nanosleep: a scheduling hint; functionally nothing.
void execNanosleep(ExecContext&, const ptx::Instruction&, std::uint32_t) { }

void unsupported(ExecContext& ctx, const ptx::Instruction& ins, const char* what)
{
    const auto& info = ptx::opcodeInfo(ins.opcode);
    ctx.fail(FaultKind::Unsupported, 0,
        std::string(info.mnemonic) + "." + std::string(ptx::scalarTypeName(ins.type)) + ": " + what);
}

} // namespace engine::simt

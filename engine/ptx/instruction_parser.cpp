#include "engine/ptx/body_context.h"
#include "engine/ptx/modifiers.h"
#include "engine/ptx/operand_checks.h"

namespace engine::ptx {

namespace {

std::uint32_t paramOperand(BodyContext& ctx)
{
    const Token& t = ctx.cur.expectIdentifier("call argument list");
    auto index = ctx.scopes.findVariable(t.text);
    if (!index || ctx.fn.variables[*index].space != StateSpace::Param)
        ctx.cur.fail(t, "call argument " + std::string(t.text) + " is not a .param variable of this function",
            ErrorCode::Unsupported);
    return *index;
}

std::vector<std::uint32_t> parseParamList(BodyContext& ctx)
{
    std::vector<std::uint32_t> out;
    ctx.cur.expect('(', "call argument list");
    if (ctx.cur.accept(')'))
        return out;
    do {
        out.push_back(paramOperand(ctx));
    } while (ctx.cur.accept(','));
    ctx.cur.expect(')', "call argument list");
    return out;
}

// PTX ISA 8.5 §9.7.12.3 call: call{.uni} (ret-param), func, (param-list);  Direct calls only.
void parseCall(BodyContext& ctx, Instruction& ins)
{
    CallSite site;
    if (ctx.cur.peek().is('(')) {
        site.returnParams = parseParamList(ctx);
        ctx.cur.expect(',', "call");
    }
    const Token& target = ctx.cur.peek();
    if (target.kind != TokenKind::Identifier)
        ctx.cur.failExpected("a function name", "call");
    auto it = ctx.functionIndex.find(target.text);
    if (it == ctx.functionIndex.end()) {
        if (ctx.scopes.findRegister(target.text))
            ctx.cur.fail(
                target, "unsupported: indirect call through " + std::string(target.text), ErrorCode::Unsupported);
        ctx.cur.fail(target, "call to undeclared function " + std::string(target.text));
    }
    ctx.cur.take();
    site.callee = it->second;
    if (ctx.cur.accept(','))
        site.argParams = parseParamList(ctx);
    Operand op;
    op.kind = OperandKind::Symbol;
    op.index = site.callee;
    ins.operands[0] = op;
    ins.operandCount = 1;
    ins.callSite = static_cast<std::uint32_t>(ctx.fn.callSites.size());
    ctx.fn.callSites.push_back(std::move(site));
}

void parseOperands(BodyContext& ctx, Instruction& ins, const Token& opTok)
{
    if (ctx.cur.peek().is(';'))
        return;
    for (;;) {
        if (ins.operandCount == kMaxOperands)
            ctx.cur.fail(ctx.cur.peek(), "too many operands for " + std::string(opTok.text));
        parseOperand(ctx, ins, ins.operandCount++);
        if (ctx.cur.accept('|')) {
            // PTX ISA 8.5 §9.7.5.1 setp / §9.7.8.6 shfl: `d|p` writes a second predicate.
            ins.flags |= FlagDualDest;
            continue;
        }
        if (!ctx.cur.accept(','))
            return;
    }
}

void checkOperandCount(BodyContext& ctx, const Instruction& ins, const Token& opTok)
{
    const OpcodeInfo& info = opcodeInfo(ins.opcode);
    if (ins.operandCount >= info.minOperands && ins.operandCount <= info.maxOperands)
        return;
    std::string want = info.minOperands == info.maxOperands
        ? std::to_string(info.minOperands)
        : std::to_string(info.minOperands) + " to " + std::to_string(info.maxOperands);
    ctx.cur.fail(
        opTok, std::string(info.mnemonic) + " takes " + want + " operands, found " + std::to_string(ins.operandCount));
}

} // namespace

void parseInstruction(BodyContext& ctx, Instruction ins)
{
    const Token& opTok = ctx.cur.expectIdentifier("instruction");
    auto opcode = lookupOpcode(opTok.text);
    if (!opcode)
        ctx.cur.fail(opTok, "unsupported: " + std::string(opTok.text), ErrorCode::Unsupported);
    ins.opcode = *opcode;
    ins.source = ctx.location;
    ins.ptxLine = opTok.line;
    while (ctx.cur.peek().kind == TokenKind::DotName) {
        const Token& mod = ctx.cur.take();
        const std::string_view m = mod.text.substr(1);
        if (!applyAsyncModifier(ins, m) && !applyMatrixModifier(ins, m) && !applyModifier(ins, m))
            ctx.cur.fail(mod,
                "unsupported: " + std::string(opTok.text) + std::string(mod.text) + " (modifier "
                    + std::string(mod.text) + ")",
                ErrorCode::Unsupported);
    }
    if (auto problem = matrixFormProblem(ins); !problem.empty())
        ctx.cur.fail(opTok, "unsupported: " + std::string(problem), ErrorCode::Unsupported);
    if (ins.opcode == Opcode::Call) {
        parseCall(ctx, ins);
    } else {
        parseOperands(ctx, ins, opTok);
        checkOperandCount(ctx, ins, opTok);
        if (auto problem = asyncFormProblem(ins); !problem.empty())
            ctx.cur.fail(opTok, "unsupported: " + std::string(problem), ErrorCode::Unsupported);
        checkOperandKinds(ctx, ins, opTok);
    }
    if (!ctx.cur.accept(';'))
        ctx.cur.failExpected("';'", "instruction " + std::string(opTok.text));
    ctx.fn.instructions.push_back(ins);
}

} // namespace engine::ptx

#include "engine/ptx/body_context.h"

#include <algorithm>
#include <array>
#include <bit>

namespace engine::ptx {

namespace {

struct SpecialRow {
    std::string_view name;
    SpecialReg reg;
    bool hasComponents;
};

// PTX ISA 8.5 §10 "Special Registers" (the ones the device model can supply).
constexpr std::array kSpecials = {
    SpecialRow {"%tid", SpecialReg::Tid, true}, SpecialRow {"%ntid", SpecialReg::Ntid, true},
    SpecialRow {"%ctaid", SpecialReg::Ctaid, true}, SpecialRow {"%nctaid", SpecialReg::Nctaid, true},
    SpecialRow {"%laneid", SpecialReg::Laneid, false}, SpecialRow {"%warpid", SpecialReg::Warpid, false},
    SpecialRow {"%nwarpid", SpecialReg::Nwarpid, false}, SpecialRow {"%smid", SpecialReg::Smid, false},
    SpecialRow {"%nsmid", SpecialReg::Nsmid, false}, SpecialRow {"%gridid", SpecialReg::Gridid, false},
    SpecialRow {"%lanemask_eq", SpecialReg::LanemaskEq, false},
    SpecialRow {"%lanemask_le", SpecialReg::LanemaskLe, false},
    SpecialRow {"%lanemask_lt", SpecialReg::LanemaskLt, false},
    SpecialRow {"%lanemask_ge", SpecialReg::LanemaskGe, false},
    SpecialRow {"%lanemask_gt", SpecialReg::LanemaskGt, false}, SpecialRow {"%clock", SpecialReg::Clock, false},
    SpecialRow {"%clock64", SpecialReg::Clock64, false}, SpecialRow {"%globaltimer", SpecialReg::Globaltimer, false},
    SpecialRow {"%dynamic_smem_size", SpecialReg::DynamicSmemSize, false},
    SpecialRow {"%total_smem_size", SpecialReg::TotalSmemSize, false},
    SpecialRow {"WARP_SZ", SpecialReg::WarpSize, false}, // §5.6.5 predefined identifier
    SpecialRow {"%reserved_smem_offset_begin", SpecialReg::ReservedSmemBegin, false},
    SpecialRow {"%reserved_smem_offset_end", SpecialReg::ReservedSmemEnd, false},
    SpecialRow {"%reserved_smem_offset_cap", SpecialReg::ReservedSmemCap, false},
    SpecialRow {"%aggr_smem_size", SpecialReg::AggrSmemSize, false},
    SpecialRow {"%cluster_ctaid", SpecialReg::ClusterCtaid, true},
    SpecialRow {"%cluster_nctaid", SpecialReg::ClusterNctaid, true},
    SpecialRow {"%cluster_ctarank", SpecialReg::ClusterCtarank, false},
    SpecialRow {"%cluster_nctarank", SpecialReg::ClusterNctarank, false},
    SpecialRow {"%clusterid", SpecialReg::Clusterid, true}, SpecialRow {"%nclusterid", SpecialReg::Nclusterid, true},
    SpecialRow {"%is_explicit_cluster", SpecialReg::IsExplicitCluster, false},
};

// §10 special registers with a number in their name: %reserved_smem_offset_<2> and %envreg<32>.
struct NumberedSpecial {
    std::string_view prefix;
    SpecialReg reg;
    std::uint32_t count;
};

constexpr std::array kNumberedSpecials = {
    NumberedSpecial {"%reserved_smem_offset_", SpecialReg::ReservedSmemOffset, 2},
    NumberedSpecial {"%envreg", SpecialReg::Envreg, 32},
};

// §10 special registers the device model does not supply (performance monitors, graphs): a kernel that reads one
// is refused with this name instead of an "undefined register".
constexpr std::array<std::string_view, 2> kUnmodeledSpecials = {"%pm", "%current_graph_exec"};

bool parseNumberedSpecial(std::string_view name, Operand& op)
{
    for (const NumberedSpecial& row : kNumberedSpecials) {
        if (!name.starts_with(row.prefix) || name.size() == row.prefix.size() || name.size() > row.prefix.size() + 2)
            continue;
        std::uint32_t n = 0;
        for (char c : name.substr(row.prefix.size())) {
            if (c < '0' || c > '9')
                return false;
            n = n * 10 + static_cast<std::uint32_t>(c - '0');
        }
        if (n >= row.count)
            return false;
        op.kind = OperandKind::Special;
        op.special = row.reg;
        op.component = static_cast<std::uint8_t>(n);
        return true;
    }
    return false;
}

bool isUnmodeledSpecial(std::string_view name)
{
    return std::any_of(kUnmodeledSpecials.begin(), kUnmodeledSpecials.end(),
        [&](std::string_view s) { return name.starts_with(s); });
}

const SpecialRow* findSpecial(std::string_view name)
{
    for (const SpecialRow& row : kSpecials) {
        if (row.name == name)
            return &row;
    }
    return nullptr;
}

Operand parseSpecial(BodyContext& ctx, const SpecialRow& row, const Token& at)
{
    Operand op;
    op.kind = OperandKind::Special;
    op.special = row.reg;
    if (!row.hasComponents)
        return op;
    const Token& comp = ctx.cur.peek();
    if (comp.isDot(".x") || comp.isDot(".y") || comp.isDot(".z")) {
        op.component = static_cast<std::uint8_t>(comp.text[1] - 'x');
        ctx.cur.take();
        return op;
    }
    ctx.cur.fail(at, std::string(row.name) + " needs a component .x, .y or .z");
}

// A name that is not a register: a variable of the function, of the module, or a function.
bool resolveSymbol(BodyContext& ctx, std::string_view name, Operand& op)
{
    if (auto local = ctx.scopes.findVariable(name)) {
        op.scope = SymbolScope::Function;
        op.index = *local;
        return true;
    }
    if (auto it = ctx.moduleVariables.find(name); it != ctx.moduleVariables.end()) {
        op.scope = SymbolScope::Module;
        op.index = it->second;
        return true;
    }
    return false;
}

Operand parseName(BodyContext& ctx, Instruction& ins, std::size_t slot)
{
    const Token& t = ctx.cur.take();
    Operand op;
    if (auto reg = ctx.scopes.findRegister(t.text)) {
        op.kind = OperandKind::Register;
        op.file = reg->file;
        op.index = reg->index;
        return op;
    }
    if (const SpecialRow* row = findSpecial(t.text))
        return parseSpecial(ctx, *row, t);
    if (parseNumberedSpecial(t.text, op))
        return op;
    if (isUnmodeledSpecial(t.text))
        ctx.cur.fail(t, "unsupported: special register " + std::string(t.text), ErrorCode::Unsupported);
    if (t.text[0] == '%')
        ctx.cur.fail(t, "undefined register " + std::string(t.text));
    if (ins.opcode == Opcode::Bra) {
        op.kind = OperandKind::Label;
        ctx.fixups.push_back(
            LabelFixup {static_cast<std::uint32_t>(ctx.fn.instructions.size()), static_cast<std::uint8_t>(slot), t});
        return op;
    }
    op.kind = OperandKind::Symbol;
    if (resolveSymbol(ctx, t.text, op))
        return op;
    if (ctx.functionIndex.contains(t.text)) // only indirect calls would use it, and they are unsupported
        ctx.cur.fail(t, "unsupported: the address of function " + std::string(t.text) + " (function pointers)",
            ErrorCode::Unsupported);
    ctx.cur.fail(t, "undefined name " + std::string(t.text));
}

std::int64_t parseSignedInteger(BodyContext& ctx, bool negative, const char* context)
{
    const Token& t = ctx.cur.expectKind(TokenKind::Integer, "an integer", context);
    if (t.value > (std::uint64_t {1} << 63) || (!negative && t.value == (std::uint64_t {1} << 63)))
        ctx.cur.fail(t, "integer " + std::string(t.text) + " does not fit in a signed 64-bit offset");
    return negative ? -static_cast<std::int64_t>(t.value) : static_cast<std::int64_t>(t.value);
}

// PTX ISA 8.5 §6.4.1 "Addresses as Operands": [reg], [reg+imm], [var], [var+imm], [imm].
Operand parseAddress(BodyContext& ctx, Instruction& ins)
{
    Operand op;
    op.kind = OperandKind::Address;
    const Token& t = ctx.cur.peek();
    if (t.kind == TokenKind::Identifier) {
        Operand base = parseName(ctx, ins, 0);
        if (base.kind == OperandKind::Register) {
            op.base = AddressBase::Register;
            op.file = base.file;
        } else if (base.kind == OperandKind::Symbol) {
            op.base = AddressBase::Symbol;
            op.scope = base.scope;
        } else {
            ctx.cur.fail(t, "an address base must be a register or a variable");
        }
        op.index = base.index;
        if (ctx.cur.accept('+'))
            op.value = parseSignedInteger(ctx, ctx.cur.accept('-'), "address offset");
        else if (ctx.cur.accept('-'))
            op.value = parseSignedInteger(ctx, true, "address offset");
    } else {
        op.value = parseSignedInteger(ctx, ctx.cur.accept('-'), "address");
    }
    ctx.cur.expect(']', "address");
    return op;
}

// PTX ISA 8.5 §6.4.2 "Vector Operands": {a, b[, c, d]} of registers, `_` for an unused element. A source
// element may also be an integer constant: cuda_bf16.h widens a bf16 with `mov.b32 %f1, {0, %rs1};`.
Operand parseVector(BodyContext& ctx)
{
    Operand op;
    op.kind = OperandKind::Vector;
    op.index = static_cast<std::uint32_t>(ctx.fn.vectorRegs.size());
    do {
        const Token& t = ctx.cur.peek();
        if (ctx.cur.accept('_')) {
            ctx.fn.vectorRegs.push_back(RegRef {RegFile::B32, kNoPc});
            ctx.fn.vectorImmediates.push_back(0);
        } else if (t.kind == TokenKind::Integer || t.is('-')) {
            const bool negative = ctx.cur.accept('-');
            ctx.fn.vectorRegs.push_back(RegRef {RegFile::B32, kNoPc});
            ctx.fn.vectorImmediates.push_back(
                static_cast<std::uint64_t>(parseSignedInteger(ctx, negative, "vector operand")));
        } else {
            ctx.cur.expectIdentifier("vector operand");
            auto reg = ctx.scopes.findRegister(t.text);
            if (!reg)
                ctx.cur.fail(t, "undefined register " + std::string(t.text));
            ctx.fn.vectorRegs.push_back(*reg);
            ctx.fn.vectorImmediates.push_back(0);
        }
        if (++op.count > 8)
            ctx.cur.fail(t, "a vector operand has at most 8 elements");
    } while (ctx.cur.accept(','));
    ctx.cur.expect('}', "vector operand");
    return op;
}

Operand parseImmediate(BodyContext& ctx, bool negative)
{
    const Token& t = ctx.cur.take();
    Operand op;
    op.kind = OperandKind::Immediate;
    if (t.kind == TokenKind::Integer) {
        if (negative && t.value > (std::uint64_t {1} << 63))
            ctx.cur.fail(t, "integer -" + std::string(t.text) + " does not fit in 64 bits");
        // Negated in unsigned arithmetic: -9223372036854775808 is 2^63 negated, which int64 cannot negate.
        op.value = static_cast<std::int64_t>(negative ? std::uint64_t {0} - t.value : t.value);
        return op;
    }
    if (t.kind != TokenKind::Float)
        ctx.cur.fail(t, "expected an operand, found '" + std::string(t.text) + "'");
    op.isFloat = true;
    // §4.5.2: 0f is single precision bits, 0d double; a decimal literal is double precision.
    std::uint64_t bits = t.isHexFloat ? t.value : std::bit_cast<std::uint64_t>(t.real);
    if (negative)
        bits ^= (t.isHexFloat && !t.isDouble) ? 0x80000000U : 0x8000000000000000U;
    op.value = static_cast<std::int64_t>(bits);
    op.count = (t.isHexFloat && !t.isDouble) ? 4 : 8; // the literal's width in bytes
    return op;
}

} // namespace

void parseOperand(BodyContext& ctx, Instruction& ins, std::size_t slot)
{
    TokenCursor& cur = ctx.cur;
    const Token& t = cur.peek();
    Operand op;
    if (t.kind == TokenKind::Identifier) {
        op = parseName(ctx, ins, slot);
    } else if (cur.accept('!')) {
        const Token& p = cur.peek();
        op = parseName(ctx, ins, slot);
        if (op.kind != OperandKind::Register || op.file != RegFile::Pred)
            cur.fail(p, "only a predicate can be negated with '!'");
        op.negate = true;
    } else if (cur.accept('[')) {
        op = parseAddress(ctx, ins);
    } else if (cur.accept('{')) {
        op = parseVector(ctx);
    } else if (cur.accept('_')) {
        op.kind = OperandKind::Sink;
    } else {
        op = parseImmediate(ctx, cur.accept('-'));
    }
    ins.operands[slot] = op;
}

} // namespace engine::ptx

#include "engine/ptx/modifiers.h"

#include <algorithm>
#include <array>

namespace engine::ptx {

namespace {

enum class ModKind : std::uint8_t { Rounding, Cmp, Flag, CacheOp, Order, Scope, Vector, Mode, Hint };

struct ModRow {
    std::string_view name;
    ModKind kind;
    std::uint32_t value;
};

constexpr std::uint32_t v(auto e)
{
    return static_cast<std::uint32_t>(e);
}

// Unambiguous suffixes. Sources: PTX ISA 8.5 §9.7.3 (rounding, .ftz, .sat, .approx, .full),
// §9.7.1 (.wide, .cc), §9.7.5.1 (comparisons), §9.7.9.1 (cache operators, .nc), §8.4/§8.5
// (memory order and scope; membar's .gl is the GPU scope), §9.7.9.7 (.v2/.v4/.v8),
// §9.7.8.6 shfl modes, §9.7.13.3 atomic operations, §9.7.7.6/7 shf/bfind.
constexpr std::array kRows = {
    ModRow {"rn", ModKind::Rounding, v(Rounding::Rn)},
    ModRow {"rz", ModKind::Rounding, v(Rounding::Rz)},
    ModRow {"rm", ModKind::Rounding, v(Rounding::Rm)},
    ModRow {"rp", ModKind::Rounding, v(Rounding::Rp)},
    ModRow {"rna", ModKind::Rounding, v(Rounding::Rna)},
    ModRow {"rni", ModKind::Rounding, v(Rounding::Rni)},
    ModRow {"rzi", ModKind::Rounding, v(Rounding::Rzi)},
    ModRow {"rmi", ModKind::Rounding, v(Rounding::Rmi)},
    ModRow {"rpi", ModKind::Rounding, v(Rounding::Rpi)},
    ModRow {"eq", ModKind::Cmp, v(CmpOp::Eq)},
    ModRow {"ne", ModKind::Cmp, v(CmpOp::Ne)},
    ModRow {"lt", ModKind::Cmp, v(CmpOp::Lt)},
    ModRow {"le", ModKind::Cmp, v(CmpOp::Le)},
    ModRow {"gt", ModKind::Cmp, v(CmpOp::Gt)},
    ModRow {"ge", ModKind::Cmp, v(CmpOp::Ge)},
    ModRow {"ls", ModKind::Cmp, v(CmpOp::Ls)},
    ModRow {"hs", ModKind::Cmp, v(CmpOp::Hs)},
    ModRow {"equ", ModKind::Cmp, v(CmpOp::Equ)},
    ModRow {"neu", ModKind::Cmp, v(CmpOp::Neu)},
    ModRow {"ltu", ModKind::Cmp, v(CmpOp::Ltu)},
    ModRow {"leu", ModKind::Cmp, v(CmpOp::Leu)},
    ModRow {"gtu", ModKind::Cmp, v(CmpOp::Gtu)},
    ModRow {"geu", ModKind::Cmp, v(CmpOp::Geu)},
    ModRow {"num", ModKind::Cmp, v(CmpOp::Num)},
    ModRow {"nan", ModKind::Cmp, v(CmpOp::Nan)},
    ModRow {"ftz", ModKind::Flag, FlagFtz},
    ModRow {"sat", ModKind::Flag, FlagSat},
    ModRow {"approx", ModKind::Flag, FlagApprox},
    ModRow {"full", ModKind::Flag, FlagFull},
    ModRow {"wide", ModKind::Flag, FlagWide},
    ModRow {"aligned", ModKind::Flag, FlagAligned},
    ModRow {"volatile", ModKind::Flag, FlagVolatile},
    ModRow {"cc", ModKind::Flag, FlagCarryOut},
    ModRow {"warp", ModKind::Flag, FlagWarp},
    ModRow {"to", ModKind::Flag, FlagToSpace},
    ModRow {"nc", ModKind::Flag, FlagNc},
    ModRow {"shiftamt", ModKind::Flag, FlagShiftAmt},
    ModRow {"clamp", ModKind::Flag, FlagClamp},
    ModRow {"NaN", ModKind::Flag, FlagNaN}, // §9.7.4.7/8 min/max.NaN
    ModRow {"relu", ModKind::Flag, FlagRelu}, // §9.7.4.4 fma.relu, §9.7.9.21 cvt.relu
    ModRow {"wrap", ModKind::Flag, FlagWrap},
    ModRow {"l", ModKind::Flag, FlagLeft},
    ModRow {"r", ModKind::Flag, FlagRight},
    ModRow {"ca", ModKind::CacheOp, v(CacheOp::Ca)},
    ModRow {"cg", ModKind::CacheOp, v(CacheOp::Cg)},
    ModRow {"cs", ModKind::CacheOp, v(CacheOp::Cs)},
    ModRow {"lu", ModKind::CacheOp, v(CacheOp::Lu)},
    ModRow {"cv", ModKind::CacheOp, v(CacheOp::Cv)},
    ModRow {"wb", ModKind::CacheOp, v(CacheOp::Wb)},
    ModRow {"wt", ModKind::CacheOp, v(CacheOp::Wt)},
    ModRow {"weak", ModKind::Order, v(MemOrder::Weak)},
    ModRow {"relaxed", ModKind::Order, v(MemOrder::Relaxed)},
    ModRow {"acquire", ModKind::Order, v(MemOrder::Acquire)},
    ModRow {"release", ModKind::Order, v(MemOrder::Release)},
    ModRow {"acq_rel", ModKind::Order, v(MemOrder::AcqRel)},
    ModRow {"sc", ModKind::Order, v(MemOrder::Sc)},
    ModRow {"mmio", ModKind::Order, v(MemOrder::Mmio)},
    ModRow {"cta", ModKind::Scope, v(MemScope::Cta)},
    ModRow {"cluster", ModKind::Scope, v(MemScope::Cluster)},
    ModRow {"gpu", ModKind::Scope, v(MemScope::Gpu)},
    ModRow {"gl", ModKind::Scope, v(MemScope::Gpu)},
    ModRow {"sys", ModKind::Scope, v(MemScope::Sys)},
    ModRow {"v2", ModKind::Vector, 2},
    ModRow {"v4", ModKind::Vector, 4},
    ModRow {"v8", ModKind::Vector, 8},
    ModRow {"up", ModKind::Mode, v(OpMode::Up)},
    ModRow {"down", ModKind::Mode, v(OpMode::Down)},
    ModRow {"bfly", ModKind::Mode, v(OpMode::Bfly)},
    ModRow {"idx", ModKind::Mode, v(OpMode::Idx)},
    ModRow {"add", ModKind::Mode, v(OpMode::Add)},
    ModRow {"inc", ModKind::Mode, v(OpMode::Inc)},
    ModRow {"dec", ModKind::Mode, v(OpMode::Dec)},
    ModRow {"min", ModKind::Mode, v(OpMode::Min)},
    ModRow {"max", ModKind::Mode, v(OpMode::Max)},
    ModRow {"exch", ModKind::Mode, v(OpMode::Exch)},
    ModRow {"cas", ModKind::Mode, v(OpMode::Cas)},
    ModRow {"any", ModKind::Mode, v(OpMode::Any)},
    ModRow {"ballot", ModKind::Mode, v(OpMode::Ballot)},
    ModRow {"arrive", ModKind::Mode, v(OpMode::Arrive)},
    ModRow {"red", ModKind::Mode, v(OpMode::Red)},
    ModRow {"finite", ModKind::Mode, v(OpMode::Finite)}, // §9.7.3.2 testp properties
    ModRow {"infinite", ModKind::Mode, v(OpMode::Infinite)},
    ModRow {"number", ModKind::Mode, v(OpMode::Number)},
    ModRow {"notanumber", ModKind::Mode, v(OpMode::NotANumber)},
    ModRow {"normal", ModKind::Mode, v(OpMode::Normal)},
    ModRow {"subnormal", ModKind::Mode, v(OpMode::Subnormal)},
};

consteval auto sortedRows()
{
    auto rows = kRows;
    std::sort(rows.begin(), rows.end(), [](const ModRow& a, const ModRow& b) { return a.name < b.name; });
    return rows;
}

constexpr auto kSortedRows = sortedRows();

const ModRow* findRow(std::string_view name)
{
    auto it = std::lower_bound(kSortedRows.begin(), kSortedRows.end(), name,
        [](const ModRow& row, std::string_view n) { return row.name < n; });
    return (it != kSortedRows.end() && it->name == name) ? &*it : nullptr;
}

bool isBarrier(Opcode op)
{
    return op == Opcode::Bar || op == Opcode::Barrier;
}

bool isCompare(Opcode op)
{
    return op == Opcode::Setp || op == Opcode::Set || op == Opcode::Slct;
}

bool applyType(Instruction& ins, ScalarType type)
{
    if (ins.type == ScalarType::None)
        ins.type = type;
    else if (ins.type2 == ScalarType::None)
        ins.type2 = type;
    else
        return false;
    return true;
}

// The suffixes whose meaning depends on the opcode.
bool applyAmbiguous(Instruction& ins, std::string_view m)
{
    const Opcode op = ins.opcode;
    if (m == "lo" || m == "hi") {
        if (isCompare(op))
            ins.cmp = (m == "lo") ? CmpOp::Lo : CmpOp::Hi; // §9.7.5.1 Table 21: unsigned < and >
        else
            ins.flags |= (m == "lo") ? FlagLo : FlagHi; // §9.7.1.3 mul.hi / mul.lo
        return true;
    }
    if (m == "and" || m == "or" || m == "xor") {
        OpMode mode = (m == "and") ? OpMode::And : (m == "or") ? OpMode::Or : OpMode::Xor;
        // setp's BoolOp goes to mode2; atom/red/redux's operation to mode. bar.red's reduction is in
        // mode2 (And/Or/Popc) and, for .and/.or, also in mode, where the interpreter first read it.
        if (isCompare(op) || isBarrier(op))
            ins.mode2 = mode;
        if (!isCompare(op))
            ins.mode = mode;
        return true;
    }
    if (m == "popc" && isBarrier(op)) {
        ins.mode2 = OpMode::Popc; // §9.7.13.1 bar.red.popc.u32 d, a{, b}, {!}c
        return true;
    }
    if (m == "sync") {
        ins.flags |= FlagSync;
        if (op == Opcode::Bar || op == Opcode::Barrier)
            ins.mode = OpMode::Sync;
        return true;
    }
    if (m == "uni" || m == "all") {
        if (op == Opcode::Vote || op == Opcode::Match)
            ins.mode = (m == "uni") ? OpMode::Uni : OpMode::All;
        else if (m == "uni")
            ins.flags |= FlagUni; // §9.7.12.1 bra.uni: the branch is known non-divergent
        else
            return false;
        return true;
    }
    return false;
}

void applyRow(Instruction& ins, const ModRow& row)
{
    switch (row.kind) {
    case ModKind::Rounding:
        ins.rounding = static_cast<Rounding>(row.value);
        break;
    case ModKind::Cmp:
        ins.cmp = static_cast<CmpOp>(row.value);
        break;
    case ModKind::Flag:
        ins.flags |= row.value;
        break;
    case ModKind::CacheOp:
        ins.cacheOp = static_cast<CacheOp>(row.value);
        break;
    case ModKind::Order:
        ins.order = static_cast<MemOrder>(row.value);
        break;
    case ModKind::Scope:
        ins.scope = static_cast<MemScope>(row.value);
        break;
    case ModKind::Vector:
        ins.vectorWidth = static_cast<std::uint8_t>(row.value);
        break;
    case ModKind::Mode:
        ins.mode = static_cast<OpMode>(row.value);
        break;
    case ModKind::Hint:
        break;
    }
}

} // namespace

bool applyModifier(Instruction& ins, std::string_view m)
{
    if (auto type = parseScalarType(m))
        return applyType(ins, *type);
    if (auto space = parseStateSpace(m)) {
        ins.space = *space;
        return true;
    }
    // §9.7.9.8 ld/st eviction-priority and prefetch-size qualifiers are performance hints only;
    // ".L2::cache_hint" adds an operand and is not supported.
    // §9.7.9.15 prefetch{.space}.level: a bare .L1/.L2 names the cache level, also only a hint here.
    if (m == "L1" || m == "L2" || ((m.starts_with("L1::") || m.starts_with("L2::")) && m != "L2::cache_hint"))
        return true;
    if (applyAmbiguous(ins, m))
        return true;
    if (const ModRow* row = findRow(m)) {
        applyRow(ins, *row);
        return true;
    }
    return false;
}

} // namespace engine::ptx

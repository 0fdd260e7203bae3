// PTX ISA 8.5 warp-level data exchange: §9.7.9.6 shfl.sync, §9.7.13.8 vote.sync, §9.7.13.9 match.sync,
// §9.7.13.10 activemask, §9.7.13.11 redux.sync, §9.7.13.12 elect.sync. Lanes that take part are the executing lanes
// (the active lanes whose guard held) within membermask.
#include "engine/simt/op_helpers.h"

#include <bit>
#include <optional>

namespace engine::simt {

namespace {

std::uint32_t predicateBits(const ExecContext& ctx, const ptx::Operand& op)
{
    LaneBits v;
    readOperand(ctx, op, ptx::ScalarType::Pred, v);
    std::uint32_t bits = 0;
    for (std::uint32_t l = 0; l < kWarpLanes; ++l)
        bits |= static_cast<std::uint32_t>(v[l] & 1u) << l;
    return bits;
}

/// The membermask operand (the lowest executing lane's value; it must be warp-uniform), or all
/// lanes for the pre-.sync forms without one.
std::uint32_t memberMask(const ExecContext& ctx, const ptx::Instruction& ins, std::size_t index, std::uint32_t mask)
{
    if (index >= ins.operandCount)
        return kAllLanes;
    LaneBits v;
    readOperand(ctx, ins.operands[index], ptx::ScalarType::B32, v);
    return static_cast<std::uint32_t>(v[static_cast<std::size_t>(std::countr_zero(mask | 0x80000000u))]);
}

void fillAndWrite(ExecContext& ctx, const ptx::Operand& dst, std::uint64_t value, std::uint32_t mask)
{
    LaneBits v;
    v.fill(value);
    writeOperand(ctx, dst, v, mask);
}

/// §9.7.9.6: the source lane j and whether it lies inside the lane's segment (the valid bit).
bool shuffleSource(ptx::OpMode mode, int lane, std::uint64_t b, std::uint64_t c, int& j)
{
    const int bval = static_cast<int>(b & 0x1fu);
    const int cval = static_cast<int>(c & 0x1fu);
    const int segmask = static_cast<int>((c >> 8) & 0x1fu);
    const int maxLane = (lane & segmask) | (cval & ~segmask);
    const int minLane = lane & segmask;
    bool valid = false;
    switch (mode) {
    case ptx::OpMode::Up:
        j = lane - bval;
        valid = j >= maxLane;
        break;
    case ptx::OpMode::Down:
        j = lane + bval;
        valid = j <= maxLane;
        break;
    case ptx::OpMode::Bfly:
        j = lane ^ bval;
        valid = j <= maxLane;
        break;
    default:
        j = minLane | (bval & ~segmask);
        valid = j <= maxLane;
        break;
    }
    if (!valid)
        j = lane;
    return valid;
}

} // namespace

void execShfl(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const bool dual = ins.has(ptx::FlagDualDest);
    const std::size_t first = dual ? 2 : 1;
    LaneBits a;
    LaneBits b;
    LaneBits c;
    readOperand(ctx, ins.operands[first], ptx::ScalarType::B32, a);
    readOperand(ctx, ins.operands[first + 1], ptx::ScalarType::B32, b);
    readOperand(ctx, ins.operands[first + 2], ptx::ScalarType::B32, c);
    LaneBits d;
    LaneBits p;
    for (int l = 0; l < kWarpLanes; ++l) {
        int j = l;
        const auto lane = static_cast<std::size_t>(l);
        p[lane] = shuffleSource(ins.mode, l, b[lane], c[lane], j) ? 1 : 0;
        // Reading an inactive source lane is undefined in the ISA; warpscope returns its register.
        d[lane] = a[static_cast<std::size_t>(j)];
    }
    writeOperand(ctx, ins.operands[0], d, mask);
    if (dual)
        writeOperand(ctx, ins.operands[1], p, mask);
}

void execVote(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const std::uint32_t part = mask & memberMask(ctx, ins, 2, mask);
    const std::uint32_t bits = predicateBits(ctx, ins.operands[1]) & part;
    switch (ins.mode) {
    case ptx::OpMode::Ballot:
        fillAndWrite(ctx, ins.operands[0], bits, mask);
        return;
    case ptx::OpMode::All:
        fillAndWrite(ctx, ins.operands[0], bits == part ? 1 : 0, mask);
        return;
    case ptx::OpMode::Any:
        fillAndWrite(ctx, ins.operands[0], bits != 0 ? 1 : 0, mask);
        return;
    case ptx::OpMode::Uni:
        fillAndWrite(ctx, ins.operands[0], (bits == 0 || bits == part) ? 1 : 0, mask);
        return;
    default:
        unsupported(ctx, ins, "vote mode");
    }
}

void execMatch(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const bool dual = ins.has(ptx::FlagDualDest);
    const std::size_t first = dual ? 2 : 1;
    const std::uint32_t part = mask & memberMask(ctx, ins, first + 1, mask);
    LaneBits a;
    readOperand(ctx, ins.operands[first], ins.type, a);
    LaneBits d {};
    bool allEqual = true;
    for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
        if (!laneOn(part, static_cast<int>(l)))
            continue;
        std::uint32_t same = 0;
        for (std::uint32_t k = 0; k < kWarpLanes; ++k)
            same |= (laneOn(part, static_cast<int>(k)) && a[k] == a[l]) ? 1u << k : 0u;
        d[l] = same;
        allEqual = allEqual && same == part;
    }
    if (ins.mode == ptx::OpMode::All)
        d.fill(allEqual ? part : 0);
    writeOperand(ctx, ins.operands[0], d, mask);
    if (dual) {
        LaneBits p;
        p.fill(allEqual ? 1 : 0);
        writeOperand(ctx, ins.operands[1], p, mask);
    }
}

void execActivemask(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    fillAndWrite(ctx, ins.operands[0], mask, mask);
}

// §9.7.13.12 elect.sync d|p, membermask: elects the lowest executing lane of membermask; d receives its
// lane number in every lane, p is true in the leader only.
void execElect(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    const std::uint32_t part = mask & memberMask(ctx, ins, 2, mask);
    const auto leader = static_cast<std::uint32_t>(std::countr_zero(part | 0x80000000u));
    fillAndWrite(ctx, ins.operands[0], part == 0 ? 0 : leader, mask);
    LaneBits p {};
    if (part != 0)
        p[leader] = 1;
    writeOperand(ctx, ins.operands[1], p, mask);
}

namespace {

/// redux.sync's operation over the lanes of `part` (§9.7.13.11).
std::optional<std::uint64_t> reduceLanes(const ptx::Instruction& ins, const LaneBits& a, std::uint32_t part)
{
    const bool isSigned = ptx::isSignedType(ins.type);
    std::uint64_t acc = 0;
    bool first = true;
    for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
        if (!laneOn(part, static_cast<int>(l)))
            continue;
        const std::uint64_t v = a[l] & 0xffffffffu;
        const std::int64_t sv = signExtend(v, 32);
        const std::int64_t sacc = signExtend(acc, 32);
        switch (ins.mode) {
        case ptx::OpMode::Add:
            acc = (acc + v) & 0xffffffffu;
            break;
        case ptx::OpMode::Min:
            acc = first ? v : (isSigned ? (sv < sacc ? v : acc) : std::min(acc, v));
            break;
        case ptx::OpMode::Max:
            acc = first ? v : (isSigned ? (sv > sacc ? v : acc) : std::max(acc, v));
            break;
        case ptx::OpMode::And:
            acc = first ? v : acc & v;
            break;
        case ptx::OpMode::Or:
            acc |= v;
            break;
        case ptx::OpMode::Xor:
            acc ^= v;
            break;
        default:
            return std::nullopt;
        }
        first = false;
    }
    return acc;
}

} // namespace

// §9.7.13.11: each executing lane reduces over the executing lanes of its own membermask, so lanes that name
// disjoint groups (the two half-warps, say) get one result per group.
void execRedux(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (ptx::isFloatType(ins.type)) // §9.7.13.11: redux.sync.min/max.f32 needs sm_100a, beyond the profiles
        return unsupported(ctx, ins, "floating-point redux.sync (sm_100a)");
    LaneBits a;
    readOperand(ctx, ins.operands[1], ins.type, a);
    LaneBits members;
    readOperand(ctx, ins.operands[2], ptx::ScalarType::B32, members);
    LaneBits out {};
    std::uint32_t pending = mask;
    while (pending != 0) {
        const auto lane = static_cast<std::size_t>(std::countr_zero(pending));
        const auto group = static_cast<std::uint32_t>(members[lane]);
        std::uint32_t same = 0; // the executing lanes that name the same membermask
        for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
            if (laneOn(pending, static_cast<int>(l)) && static_cast<std::uint32_t>(members[l]) == group)
                same |= 1u << l;
        }
        const auto value = reduceLanes(ins, a, mask & group);
        if (!value)
            return unsupported(ctx, ins, "redux operation");
        for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
            if (laneOn(same, static_cast<int>(l)))
                out[l] = *value;
        }
        pending &= ~same;
    }
    writeOperand(ctx, ins.operands[0], out, mask);
}

} // namespace engine::simt

// PTX ISA 8.5 §9.7.14: the matrix instructions that touch memory: wmma.load/wmma.store (§9.7.14.4.1-2),
// ldmatrix (§9.7.14.5.15) and stmatrix (§9.7.14.5.16).
#include "engine/simt/matrix_fragment.h"
#include "engine/simt/matrix_ops.h"
#include "engine/simt/memory_access.h"
#include "engine/simt/operand_access.h"
#include "engine/simt/ops.h"

#include <algorithm>

namespace engine::simt {

namespace {

/// How one wmma.load/store lays its fragment over memory.
struct WmmaAccess {
    FragmentSpec spec;
    bool rowMajor = true; ///< the memory layout (.row/.col)
    std::uint32_t elementBytes = 2;
    std::uint32_t perRegister = 2;
    std::uint32_t registers = 0;
    std::uint32_t distinctRegisters = 0; ///< registers beyond these repeat earlier ones (fragment_layout.h)
    LaneBits base {};
    LaneBits stride {};
};

WmmaAccess planWmma(const ExecContext& ctx, const ptx::Instruction& ins, int addressSlot, int fragmentSlot)
{
    const ptx::MatrixDesc& d = ins.matrix;
    WmmaAccess w;
    const FragmentRole role = d.op == ptx::MatrixOp::LoadA ? FragmentRole::A
        : d.op == ptx::MatrixOp::LoadB                     ? FragmentRole::B
                                                           : FragmentRole::C;
    w.spec = FragmentSpec {true, d.shape, d.typeAt(0), role, d.rowA != 0};
    w.rowMajor = d.rowA != 0;
    w.elementBytes = ptx::matrixTypeBits(w.spec.type) / 8;
    w.perRegister = elementsPerRegister(w.spec.type);
    w.registers = ptx::matrixOperandRegisters(ins, fragmentSlot);
    const FragmentCoord extent = fragmentExtent(w.spec);
    const auto elements = static_cast<std::uint32_t>(extent.row * extent.col);
    w.distinctRegisters = std::clamp(elements / (kWarpLanes * w.perRegister), 1U, w.registers);
    readAddress(ctx, ins.operands[static_cast<std::size_t>(addressSlot)], w.base);
    if (ins.operandCount == 3)
        readOperand(ctx, ins.operands[2], ptx::ScalarType::U32, w.stride);
    else
        w.stride.fill(static_cast<std::uint64_t>(w.rowMajor ? extent.col : extent.row));
    return w;
}

std::uint64_t elementAddress(const WmmaAccess& w, std::size_t lane, std::uint32_t e)
{
    const FragmentCoord at = fragmentElement(w.spec, static_cast<int>(lane), static_cast<int>(e));
    const auto row = static_cast<std::uint64_t>(at.row);
    const auto col = static_cast<std::uint64_t>(at.col);
    const std::uint64_t index = w.rowMajor ? row * w.stride[lane] + col : col * w.stride[lane] + row;
    return w.base[lane] + index * w.elementBytes;
}

/// Whether every lane's elements of register `r` are adjacent in memory (then one access moves it).
bool registerContiguous(const WmmaAccess& w, std::uint32_t r)
{
    for (std::size_t lane = 0; lane < kWarpLanes; ++lane) {
        const std::uint64_t first = elementAddress(w, lane, r * w.perRegister);
        for (std::uint32_t j = 1; j < w.perRegister; ++j) {
            if (elementAddress(w, lane, r * w.perRegister + j) != first + j * w.elementBytes)
                return false;
        }
    }
    return true;
}

/// Moves register `r` of every lane in `mask` between memory and `fragment`, as one access per
/// contiguous piece. False after a fault.
bool transferRegister(ExecContext& ctx, const ptx::Instruction& ins, const WmmaAccess& w, std::uint32_t r,
    std::uint32_t mask, Fragment& fragment, MemoryOp op)
{
    const bool whole = registerContiguous(w, r);
    const std::uint32_t pieceElements = whole ? w.perRegister : 1;
    const std::uint32_t bytes = pieceElements * w.elementBytes;
    const ptx::Operand& address = ins.operands[op == MemoryOp::Load ? 1 : 0];
    for (std::uint32_t piece = 0; piece < w.perRegister / pieceElements; ++piece) {
        LaneBits addr;
        for (std::size_t lane = 0; lane < kWarpLanes; ++lane)
            addr[lane] = elementAddress(w, lane, r * w.perRegister + piece * pieceElements);
        const AccessPlan plan = planAccess(ctx, ins, address, bytes, op);
        std::array<std::uint8_t*, kWarpLanes> pointers;
        std::array<std::uint32_t, 5> spaces {};
        if (!resolveLanes(ctx, plan, addr, mask, pointers, spaces))
            return false;
        const std::uint32_t shift = piece * bytes * 8;
        for (std::uint32_t lane = 0; lane < kWarpLanes; ++lane) {
            if (!laneOn(mask, static_cast<int>(lane)))
                continue;
            std::uint64_t& reg = fragment.regs[r][lane];
            if (op == MemoryOp::Load) {
                reg |= loadBytes(pointers[lane], bytes) << shift;
                continue;
            }
            if (ctx.journal && laneOn(spaces[static_cast<std::size_t>(MemorySpace::Global)], static_cast<int>(lane)))
                journalStore(ctx, MemorySpace::Global, ctx.addresses[lane], pointers[lane], bytes);
            storeBytes(pointers[lane], reg >> shift, bytes);
        }
        if (ctx.observer || ctx.recordAccesses)
            reportAccess(ctx, plan, spaces);
    }
    return true;
}

/// The lanes whose addresses name the rows of ldmatrix/stmatrix's matrices: 8 per matrix (§9.7.14.5.15).
std::uint32_t rowLanes(const ptx::Instruction& ins)
{
    const std::uint32_t matrices = ins.matrix.matrices();
    return matrices >= 4 ? kAllLanes : (1U << (8 * matrices)) - 1U;
}

/// Resolves the 16-byte rows of ldmatrix/stmatrix (each row address 16-byte aligned, §9.7.14.5.15).
bool resolveRows(ExecContext& ctx, const ptx::Instruction& ins, int slot, MemoryOp op,
    std::array<std::uint8_t*, kWarpLanes>& rows, std::array<std::uint32_t, 5>& spaces, AccessPlan& plan)
{
    plan = planAccess(ctx, ins, ins.operands[static_cast<std::size_t>(slot)], 16, op);
    LaneBits addr;
    readAddress(ctx, ins.operands[static_cast<std::size_t>(slot)], addr);
    return resolveLanes(ctx, plan, addr, rowLanes(ins), rows, spaces);
}

} // namespace

void wmmaLoad(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (!requireWholeWarp(ctx, ins, mask))
        return;
    const WmmaAccess w = planWmma(ctx, ins, 1, 0);
    Fragment fragment;
    fragment.count = w.registers;
    for (std::uint32_t r = 0; r < w.distinctRegisters; ++r) {
        if (!transferRegister(ctx, ins, w, r, mask, fragment, MemoryOp::Load))
            return;
    }
    for (std::uint32_t r = w.distinctRegisters; r < w.registers; ++r)
        fragment.regs[r] = fragment.regs[r % w.distinctRegisters];
    writeFragment(ctx, ins.operands[0], fragment, mask);
}

void wmmaStore(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (!requireWholeWarp(ctx, ins, mask))
        return;
    const WmmaAccess w = planWmma(ctx, ins, 0, 1);
    Fragment fragment = readFragment(ctx, ins.operands[1], w.registers);
    for (std::uint32_t r = 0; r < w.registers; ++r) {
        if (!transferRegister(ctx, ins, w, r, mask, fragment, MemoryOp::Store))
            return;
    }
}

// §9.7.14.5.15 ldmatrix: lanes 8i..8i+7 give the row addresses of matrix i; lane L receives in register i the
// elements of matrix i that fragment_layout.h's ldmatrixElement names.
void execLdmatrix(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (!requireWholeWarp(ctx, ins, mask))
        return;
    std::array<std::uint8_t*, kWarpLanes> rows;
    std::array<std::uint32_t, 5> spaces {};
    AccessPlan plan;
    if (!resolveRows(ctx, ins, 1, MemoryOp::Load, rows, spaces, plan))
        return;
    Fragment fragment;
    fragment.count = ins.matrix.matrices();
    for (std::uint32_t i = 0; i < fragment.count; ++i) {
        for (std::uint32_t lane = 0; lane < kWarpLanes; ++lane) {
            std::uint64_t reg = 0;
            for (int j = 0; j < 2; ++j) {
                const FragmentCoord at = ldmatrixElement(static_cast<int>(lane), j, ins.matrix.trans != 0);
                const std::uint8_t* row = rows[8 * i + static_cast<std::uint32_t>(at.row)];
                reg |= loadBytes(row + 2 * at.col, 2) << (16 * j);
            }
            fragment.regs[i][lane] = reg;
        }
    }
    writeFragment(ctx, ins.operands[0], fragment, mask);
    if (ctx.observer || ctx.recordAccesses)
        reportAccess(ctx, plan, spaces);
}

// §9.7.14.5.16 stmatrix: the inverse of ldmatrix (sm_90).
void execStmatrix(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask)
{
    if (!requireWholeWarp(ctx, ins, mask))
        return;
    const Fragment fragment = readFragment(ctx, ins.operands[1], ins.matrix.matrices());
    std::array<std::uint8_t*, kWarpLanes> rows;
    std::array<std::uint32_t, 5> spaces {};
    AccessPlan plan;
    if (!resolveRows(ctx, ins, 0, MemoryOp::Store, rows, spaces, plan))
        return;
    for (std::uint32_t i = 0; i < fragment.count; ++i) {
        for (std::uint32_t lane = 0; lane < kWarpLanes; ++lane) {
            for (int j = 0; j < 2; ++j) {
                const FragmentCoord at = ldmatrixElement(static_cast<int>(lane), j, ins.matrix.trans != 0);
                std::uint8_t* row = rows[8 * i + static_cast<std::uint32_t>(at.row)];
                storeBytes(row + 2 * at.col, fragment.regs[i][lane] >> (16 * j), 2);
            }
        }
    }
    if (ctx.observer || ctx.recordAccesses)
        reportAccess(ctx, plan, spaces);
}

} // namespace engine::simt

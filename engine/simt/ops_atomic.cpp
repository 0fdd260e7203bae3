// PTX ISA 8.5 §9.7.13.5 atom and §9.7.13.6 red on .global, .shared and generic addresses. Lanes
// perform their read-modify-write one after the other in ascending lane order; the ISA serializes
// them in an unspecified order (opencl-programming-guide-2.3.txt §2.1.2; DIGEST §1.5).
#include "engine/simt/float_env.h"
#include "engine/simt/memory_access.h"
#include "engine/simt/op_helpers.h"
#include "engine/simt/wide_int.h"

namespace engine::simt {

namespace {

    template <typename T>
    std::uint64_t integerOp(ptx::OpMode op, std::uint64_t oldBits, std::uint64_t b, std::uint64_t c)
    {
        const T old = fromBits<T>(oldBits);
        const T x = fromBits<T>(b);
        switch (op) {
        case ptx::OpMode::Add: return toBits(wrapAdd(old, x));
        case ptx::OpMode::Min: return toBits(std::min(old, x));
        case ptx::OpMode::Max: return toBits(std::max(old, x));
        case ptx::OpMode::And: return toBits(static_cast<T>(old & x));
        case ptx::OpMode::Or: return toBits(static_cast<T>(old | x));
        case ptx::OpMode::Xor: return toBits(static_cast<T>(old ^ x));
        case ptx::OpMode::Exch: return b;
        case ptx::OpMode::Cas: return old == x ? c : oldBits;
        // .inc: old >= b ? 0 : old + 1;  .dec: (old == 0 || old > b) ? b : old - 1 (unsigned, .u32).
        case ptx::OpMode::Inc: return toBits(old >= x ? T(0) : wrapAdd(old, T(1)));
        case ptx::OpMode::Dec: return toBits((old == 0 || old > x) ? x : wrapSub(old, T(1)));
        default: return oldBits;
        }
    }

    template <typename T>
    std::uint64_t floatOp(ptx::OpMode op, std::uint64_t oldBits, std::uint64_t b)
    {
        T old = fromBits<T>(oldBits);
        T x = fromBits<T>(b);
        if constexpr (std::is_same_v<T, float>) { // atom.add.f32 flushes subnormals (.ftz implied)
            old = flushSubnormal(old);
            x = flushSubnormal(x);
        }
        switch (op) {
        case ptx::OpMode::Add: {
            T r = old + x;
            if constexpr (std::is_same_v<T, float>)
                r = flushSubnormal(r);
            return toBits(r);
        }
        case ptx::OpMode::Min: return toBits(std::fmin(old, x));
        case ptx::OpMode::Max: return toBits(std::fmax(old, x));
        case ptx::OpMode::Exch: return b;
        case ptx::OpMode::Cas: return oldBits == fromBits<std::uint64_t>(b) ? b : oldBits;
        default: return oldBits;
        }
    }

    /// The new memory value for one lane, or false when the type/operation pair is not modeled.
    bool combine(const ptx::Instruction& ins, std::uint64_t old, std::uint64_t b, std::uint64_t c, std::uint64_t& out)
    {
        if (ins.type == ptx::ScalarType::F32) {
            out = floatOp<float>(ins.mode, old, b);
            return true;
        }
        if (ins.type == ptx::ScalarType::F64) {
            out = floatOp<double>(ins.mode, old, b);
            return true;
        }
        return visitInteger(ins.type, [&]<typename T>(T) { out = integerOp<T>(ins.mode, old, b, c); });
    }

    void atomic(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, bool returnsOld)
    {
        const std::size_t addrIndex = returnsOld ? 1 : 0;
        const std::uint32_t size = ptx::typeSizeBytes(ins.type);
        if (size != 4 && size != 8)
            return unsupported(ctx, ins, "atomic of this type");
        const AccessPlan plan = planAccess(ctx, ins, ins.operands[addrIndex], size, MemoryOp::Atomic);
        LaneBits addr;
        LaneBits b;
        LaneBits c {};
        LaneBits old {};
        readAddress(ctx, ins.operands[addrIndex], addr);
        readOperand(ctx, ins.operands[addrIndex + 1], ins.type, b);
        if (ins.mode == ptx::OpMode::Cas)
            readOperand(ctx, ins.operands[addrIndex + 2], ins.type, c);
        std::array<std::uint32_t, 5> spaces {};
        for (std::uint32_t l = 0; l < kWarpLanes; ++l) {
            if (!laneOn(mask, static_cast<int>(l)))
                continue;
            MemorySpace space;
            std::uint8_t* p = lanePointer(ctx, plan, addr[l], l, space);
            if (!p)
                return;
            spaces[static_cast<std::size_t>(space)] |= 1u << l;
            if (ctx.journal)
                journalStore(ctx, space, ctx.addresses[l], p, size);
            old[l] = loadBytes(p, size);
            std::uint64_t next = 0;
            if (!combine(ins, old[l], b[l], c[l], next))
                return unsupported(ctx, ins, "atomic operation on this type");
            storeBytes(p, next, size);
        }
        if (returnsOld)
            writeOperand(ctx, ins.operands[0], old, mask);
        if (ctx.observer || ctx.recordAccesses)
            reportAccess(ctx, plan, spaces);
    }

} // namespace

void execAtom(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask) { atomic(ctx, ins, mask, true); }

void execRed(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask) { atomic(ctx, ins, mask, false); }

} // namespace engine::simt

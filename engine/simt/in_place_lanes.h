#pragma once

#include "engine/simt/operand_access.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>

namespace engine::simt {

/// The common case of mapUnary, mapBinary, mapTernary and mapShift (op_helpers.h), and of setp's comparison, bit for
/// bit what their general path computes: sources that are .b32 or .b64 registers, immediates, symbols or special
/// registers, and a .b32 or .b64 destination. A register's lanes are read and written where they are, not gathered
/// into 64-bit lanes and scattered back, so the compiler makes one vector loop of the operation. The general path
/// zero-extends a register's lanes and truncates a result to its destination's width, as these loops do.
namespace in_place {

    /// One source operand: a register's lanes, or one value for every lane.
    template <typename L>
    struct Source {
        const L* lanes = nullptr; ///< null: `value` in every lane
        std::uint64_t value = 0;
    };

    /// The 64-bit lane bits readOperand gives an immediate (float literals converted to `type`'s width).
    std::uint64_t immediateBits(const ptx::Operand& op, ptx::ScalarType type);
    /// The value readOperand gives every lane of a special register that has one for the whole warp (%ctaid,
    /// %ntid, ...); none for those that differ by lane (%tid, %laneid, %lanemask_*).
    std::optional<std::uint64_t> uniformSpecialBits(const ExecContext& ctx, const ptx::Operand& op);

    /// The register file of L's width: .b32 registers' lanes for std::uint32_t, .b64's for std::uint64_t.
    template <typename L>
    constexpr ptx::RegFile kFile = sizeof(L) == 4 ? ptx::RegFile::B32 : ptx::RegFile::B64;
    template <typename L>
    L* registerLanes(const ExecContext& ctx, std::uint32_t index)
    {
        if constexpr (sizeof(L) == 4)
            return ctx.b32 + std::size_t { index } * kWarpLanes;
        else
            return ctx.b64 + std::size_t { index } * kWarpLanes;
    }

    /// source() for the operands other than registers and immediates: symbols and special registers.
    template <typename L>
    std::optional<Source<L>> otherSource(const ExecContext& ctx, const ptx::Operand& op)
    {
        if (op.kind == ptx::OperandKind::Symbol)
            return Source<L> { nullptr, symbolAddress(ctx, op) };
        if (op.kind != ptx::OperandKind::Special)
            return std::nullopt;
        if constexpr (sizeof(L) == 4) {
            if (op.special == ptx::SpecialReg::Tid)
                return Source<L> { ctx.warp->tid[op.component].data(), 0 };
        }
        if (const auto value = uniformSpecialBits(ctx, op))
            return Source<L> { nullptr, *value };
        return std::nullopt;
    }

    /// Operand `op` as a Source of lanes of type L (std::uint32_t: .b32 registers; std::uint64_t: .b64), or none
    /// when it is another kind of operand (the general path reads it).
    template <typename L>
    std::optional<Source<L>> source(const ExecContext& ctx, const ptx::Operand& op, ptx::ScalarType type)
    {
        if (op.kind == ptx::OperandKind::Register) {
            if (op.file != kFile<L> || op.negate)
                return std::nullopt;
            return Source<L> { registerLanes<L>(ctx, op.index), 0 };
        }
        if (op.kind == ptx::OperandKind::Immediate)
            return Source<L> { nullptr, immediateBits(op, type) };
        return otherSource<L>(ctx, op);
    }

    /// A .pred source as the warp's word of bits (a negated register's complement, an immediate's low bit in every
    /// lane), or none for another operand.
    inline std::optional<std::uint32_t> predicateWord(const ExecContext& ctx, const ptx::Operand& op)
    {
        if (op.kind == ptx::OperandKind::Register && op.file == ptx::RegFile::Pred)
            return op.negate ? ~ctx.pred[op.index] : ctx.pred[op.index];
        if (op.kind == ptx::OperandKind::Immediate)
            return (static_cast<std::uint64_t>(op.value) & 1u) != 0 ? kAllLanes : 0u;
        return std::nullopt;
    }

    /// A bitwise operation f on .pred operands (and, or, xor with two sources, not with one) done on the warp's words
    /// of bits at once: what the general path computes lane by lane.
    template <typename F>
    bool predicates(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, std::size_t sources, F f)
    {
        const ptx::Operand& d = ins.operands[0];
        if (d.kind != ptx::OperandKind::Register || d.file != ptx::RegFile::Pred)
            return false;
        const auto a = predicateWord(ctx, ins.operands[1]);
        const auto b = sources == 2 ? predicateWord(ctx, ins.operands[2]) : a;
        if (!a || !b)
            return false;
        const auto word = static_cast<std::uint32_t>(f(*a, *b));
        ctx.pred[d.index] = (ctx.pred[d.index] & ~mask) | (word & mask);
        return true;
    }

    /// Accessors the loops are instantiated with: a register's lane, or the same value in each.
    template <typename L>
    struct Lanes {
        const L* p;
        std::uint64_t operator[](std::size_t l) const { return p[l]; }
    };
    struct Same {
        std::uint64_t v;
        std::uint64_t operator[](std::size_t) const { return v; }
    };

    /// Calls g with each source as Lanes or Same (a lane loop per shape). False for the shapes left to the general
    /// path, which no compiler's output needs fast: two sources of one value each, or a ternary operation whose first
    /// source is one value.
    template <typename L, typename G>
    bool withAccessors(const Source<L>& a, G g)
    {
        if (a.lanes)
            return g(Lanes<L> { a.lanes }), true;
        return g(Same { a.value }), true;
    }
    template <typename A, typename B, typename G>
    bool withAccessors(const Source<A>& a, const Source<B>& b, G g)
    {
        if (a.lanes && b.lanes)
            return g(Lanes<A> { a.lanes }, Lanes<B> { b.lanes }), true;
        if (a.lanes)
            return g(Lanes<A> { a.lanes }, Same { b.value }), true;
        if (b.lanes)
            return g(Same { a.value }, Lanes<B> { b.lanes }), true;
        return false;
    }
    template <typename A, typename C, typename G>
    bool withAccessors(const Source<A>& a, const Source<A>& b, const Source<C>& c, G g)
    {
        if (!a.lanes)
            return false;
        const Lanes<A> x { a.lanes };
        if (b.lanes && c.lanes)
            return g(x, Lanes<A> { b.lanes }, Lanes<C> { c.lanes }), true;
        if (c.lanes)
            return g(x, Same { b.value }, Lanes<C> { c.lanes }), true;
        if (b.lanes)
            return g(x, Lanes<A> { b.lanes }, Same { c.value }), true;
        return g(x, Same { b.value }, Same { c.value }), true;
    }

    /// Writes value(l), truncated to L, into the lanes of `mask` of the register at `dst`. Every lane is computed
    /// first (as the general path does, inactive lanes included), into a buffer apart: a destination that is also a
    /// source does not stop the loop from being one vector loop.
    template <typename L, typename V>
    void store(L* dst, std::uint32_t mask, V value)
    {
        std::array<L, kWarpLanes> d;
        for (std::size_t l = 0; l < kWarpLanes; ++l)
            d[l] = static_cast<L>(value(l));
        if (mask == kAllLanes) {
            std::memcpy(dst, d.data(), sizeof(d));
            return;
        }
        for (std::size_t l = 0; l < kWarpLanes; ++l) {
            if (laneOn(mask, static_cast<int>(l)))
                dst[l] = d[l];
        }
    }

    /// The destination register's lanes when it is a .b32 or .b64 register of L's width; null otherwise.
    template <typename L>
    L* destination(ExecContext& ctx, const ptx::Operand& op)
    {
        if (op.kind != ptx::OperandKind::Register || op.file != kFile<L>)
            return nullptr;
        return registerLanes<L>(ctx, op.index);
    }

    template <typename L, typename F>
    bool unary(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, F& f)
    {
        L* dst = destination<L>(ctx, ins.operands[0]);
        const auto a = dst ? source<L>(ctx, ins.operands[1], ins.type) : std::nullopt;
        return a && withAccessors(*a, [&](auto x) { store(dst, mask, [&](std::size_t l) { return f(x[l]); }); });
    }

    /// `a` of A's width, `b` of B's read as `bType`, a destination of D's: all the same, 32-bit sources of a 64-bit
    /// result (mul.wide), or a shift's .u32 amount.
    template <typename A, typename B, typename D, typename F>
    bool binary(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, ptx::ScalarType bType, F& f)
    {
        D* dst = destination<D>(ctx, ins.operands[0]);
        if (!dst)
            return false;
        const auto a = source<A>(ctx, ins.operands[1], ins.type);
        const auto b = a ? source<B>(ctx, ins.operands[2], bType) : std::nullopt;
        return b && withAccessors(*a, *b, [&](auto x, auto y) {
            store(dst, mask, [&](std::size_t l) { return f(x[l], y[l]); });
        });
    }

    /// a and b of S's width, c of C's, the destination of D's (mad.wide: 32, 64, 64).
    template <typename S, typename C, typename D, typename F>
    bool ternary(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, ptx::ScalarType cType, F& f)
    {
        D* dst = destination<D>(ctx, ins.operands[0]);
        if (!dst)
            return false;
        const auto a = source<S>(ctx, ins.operands[1], ins.type);
        const auto b = a ? source<S>(ctx, ins.operands[2], ins.type) : std::nullopt;
        const auto c = b ? source<C>(ctx, ins.operands[3], cType) : std::nullopt;
        return c && withAccessors(*a, *b, *c, [&](auto x, auto y, auto z) {
            store(dst, mask, [&](std::size_t l) { return f(x[l], y[l], z[l]); });
        });
    }

    /// Calls g with accessors of two sources read as `type` (registers of its width, immediates, ...) and returns
    /// true; false, calling nothing, when `type` is not 32 or 64 bits wide or a source is another kind of operand.
    template <typename G>
    bool pair(const ExecContext& ctx, const ptx::Operand& aOp, const ptx::Operand& bOp, ptx::ScalarType type, G g)
    {
        const auto with = [&]<typename L>(L) {
            const auto a = source<L>(ctx, aOp, type);
            const auto b = a ? source<L>(ctx, bOp, type) : std::nullopt;
            return b && withAccessors(*a, *b, g);
        };
        switch (ptx::typeSizeBytes(type)) {
        case 4: return with(std::uint32_t {});
        case 8: return with(std::uint64_t {});
        default: return false;
        }
    }

    /// The in-place forms mapBinary, mapShift and mapTernary try, in turn.
    template <typename F>
    bool binaryAny(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, F& f)
    {
        using U32 = std::uint32_t;
        using U64 = std::uint64_t;
        return binary<U32, U32, U32>(ctx, ins, mask, ins.type, f) || binary<U64, U64, U64>(ctx, ins, mask, ins.type, f)
            || binary<U32, U32, U64>(ctx, ins, mask, ins.type, f);
    }
    /// The shifts' forms: a value of either width, its amount read as .u32.
    template <typename F>
    bool shiftAny(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, F& f)
    {
        using U32 = std::uint32_t;
        using U64 = std::uint64_t;
        return binary<U32, U32, U32>(ctx, ins, mask, ptx::ScalarType::U32, f)
            || binary<U64, U32, U64>(ctx, ins, mask, ptx::ScalarType::U32, f);
    }
    template <typename F>
    bool ternaryAny(ExecContext& ctx, const ptx::Instruction& ins, std::uint32_t mask, ptx::ScalarType cType, F& f)
    {
        using U32 = std::uint32_t;
        using U64 = std::uint64_t;
        return ternary<U32, U32, U32>(ctx, ins, mask, cType, f) || ternary<U64, U64, U64>(ctx, ins, mask, cType, f)
            || ternary<U32, U64, U64>(ctx, ins, mask, cType, f);
    }

} // namespace in_place

} // namespace engine::simt

#pragma once

#include "engine/ptx/async_desc.h"
#include "engine/ptx/matrix_desc.h"
#include "engine/ptx/opcode.h"
#include "engine/ptx/ptx_types.h"

#include <array>
#include <cstdint>
#include <type_traits>

namespace engine::ptx {

/// A register in one of a function's dense per-file index spaces (see RegFile).
struct RegRef {
    RegFile file = RegFile::B32;
    std::uint32_t index = 0;
};

/// PTX ISA 8.5 §10 "Special Registers" that the model supplies per lane, warp or CTA.
enum class SpecialReg : std::uint8_t {
    Tid,
    Ntid,
    Ctaid,
    Nctaid,
    Laneid,
    Warpid,
    Nwarpid,
    Smid,
    Nsmid,
    Gridid,
    LanemaskEq,
    LanemaskLe,
    LanemaskLt,
    LanemaskGe,
    LanemaskGt,
    Clock,
    Clock64,
    Globaltimer,
    DynamicSmemSize,
    TotalSmemSize,
    WarpSize,
    // PTX ISA 8.5 §10 "Special Registers" that cooperative groups read: %reserved_smem_offset_begin/_end/
    // _cap/_<2>, %envreg<32> (driver-defined) and %aggr_smem_size; `component` holds the <n>.
    ReservedSmemBegin,
    ReservedSmemEnd,
    ReservedSmemCap,
    ReservedSmemOffset,
    Envreg,
    AggrSmemSize,
    // §10.16-10.22 thread-block clusters (sm_90): the CTA's place in its cluster and the cluster's in the grid.
    ClusterCtaid,
    ClusterNctaid,
    ClusterCtarank,
    ClusterNctarank,
    Clusterid,
    Nclusterid,
    IsExplicitCluster,
};

/// Where a symbol operand's declaration lives.
enum class SymbolScope : std::uint8_t { Module, Function };

enum class OperandKind : std::uint8_t {
    None,
    Register, ///< reg
    Immediate, ///< value: the integer, or IEEE bits when isFloat
    Special, ///< special + component (0..2 for .x/.y/.z)
    Symbol, ///< a variable or function: scope + index (its address, or a .param's value)
    Address, ///< [base + offset]: base is a register, a symbol, or nothing (absolute)
    Label, ///< target: instruction index in the function
    Vector, ///< {a, b, ...}: first index into Function::vectorRegs, count elements
    Sink, ///< `_`: the result is discarded
};

enum class AddressBase : std::uint8_t { None, Register, Symbol };

/// One decoded operand: plain data, no strings, so an interpreter dispatches without lookups.
struct Operand {
    OperandKind kind = OperandKind::None;
    AddressBase base = AddressBase::None; ///< for Address
    RegFile file = RegFile::B32; ///< register file of a Register operand or an Address register base
    SymbolScope scope = SymbolScope::Module; ///< for Symbol and symbol-based Address
    SpecialReg special = SpecialReg::Tid;
    std::uint8_t component = 0; ///< .x/.y/.z of a special register
    bool negate = false; ///< `!%p` (PTX ISA 8.5 §9.7.5: predicate operands may be negated)
    bool isFloat = false; ///< Immediate written as a float literal
    std::uint32_t index = 0; ///< register, symbol, label target or first vector element
    std::uint32_t count = 0; ///< Vector: element count; float Immediate: literal width in bytes (4 or 8)
    std::int64_t value = 0; ///< immediate bits, or the address offset in bytes
};

/// PTX ISA 8.5 §9.7.3 "Rounding modifiers" (and the integer-rounding .rni/.rzi/.rmi/.rpi of cvt).
enum class Rounding : std::uint8_t { None, Rn, Rz, Rm, Rp, Rna, Rni, Rzi, Rmi, Rpi };

/// PTX ISA 8.5 §9.7.5.1 Tables 21-22: comparison operators of setp/set/slct.
enum class CmpOp : std::uint8_t {
    None,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Lo,
    Ls,
    Hi,
    Hs,
    Equ,
    Neu,
    Ltu,
    Leu,
    Gtu,
    Geu,
    Num,
    Nan,
};

/// PTX ISA 8.5 §9.7.5.1: the boolean combining operator of setp (.and/.or/.xor) and the §9.7.13
/// atomic operation of atom/red, and the vote/shfl/bar mode; which one depends on the opcode.
enum class OpMode : std::uint8_t {
    None,
    And,
    Or,
    Xor,
    Add,
    Inc,
    Dec,
    Min,
    Max,
    Exch,
    Cas, // boolean / atomic / redux
    Up,
    Down,
    Bfly,
    Idx, // shfl
    All,
    Any,
    Uni,
    Ballot, // vote / match
    Sync,
    Arrive,
    Red, // bar / barrier
    Popc, // bar.red.popc (§9.7.13.1)
    Finite,
    Infinite,
    Number,
    NotANumber,
    Normal,
    Subnormal, // testp (§9.7.3.2)
};

/// Modifier flags (PTX ISA 8.5 §9.7): one bit each.
enum InstrFlag : std::uint32_t {
    FlagFtz = 1U << 0,
    FlagSat = 1U << 1,
    FlagApprox = 1U << 2,
    FlagFull = 1U << 3,
    FlagWide = 1U << 4,
    FlagHi = 1U << 5,
    FlagLo = 1U << 6,
    FlagUni = 1U << 7,
    FlagSync = 1U << 8,
    FlagAligned = 1U << 9,
    FlagVolatile = 1U << 10,
    FlagCarryOut = 1U << 11,
    FlagCarryIn = 1U << 12,
    FlagWarp = 1U << 13,
    FlagToGeneric = 1U << 14,
    FlagToSpace = 1U << 15,
    FlagDualDest = 1U << 16,
    FlagNc = 1U << 17,
    FlagShiftAmt = 1U << 18,
    FlagClamp = 1U << 19,
    FlagWrap = 1U << 20,
    FlagLeft = 1U << 21,
    FlagRight = 1U << 22,
    FlagMergedLoad = 1U << 23, ///< a shared load ptxas folds into an earlier wide one (shared_load_vectorizer.h)
    // §9.7.4 half precision: min/max.NaN propagates NaN operands; fma/cvt .relu clamps negatives to +0.
    FlagNaN = 1U << 30,
    FlagRelu = 1U << 31,
};

/// PTX ISA 8.5 §9.7.9.1 "Cache operators" of ld/st.
enum class CacheOp : std::uint8_t { None, Ca, Cg, Cs, Lu, Cv, Wb, Wt };

/// PTX ISA 8.5 §8.4 memory-consistency semantics and §8.5 scopes.
enum class MemOrder : std::uint8_t { None, Weak, Relaxed, Acquire, Release, AcqRel, Sc, Mmio };
enum class MemScope : std::uint8_t { None, Cta, Cluster, Gpu, Sys };

/// The source position a `.loc` gave an instruction (PTX ISA 8.5 §11.5.2); file 0 when none.
struct SourceLine {
    std::uint32_t file = 0;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
};

inline constexpr std::size_t kMaxOperands = 6;
inline constexpr std::uint32_t kNoPc = 0xffffffffU;

/// One pre-decoded instruction. `reconvergePc` is set on branches: the first instruction of the
/// branch's immediate post-dominator (the function's instruction count when that is the exit).
struct Instruction {
    Opcode opcode = Opcode::Mov;
    ScalarType type = ScalarType::None; ///< the (first) type suffix
    ScalarType type2 = ScalarType::None; ///< cvt/set/slct's second type
    StateSpace space = StateSpace::Generic;
    Rounding rounding = Rounding::None;
    CmpOp cmp = CmpOp::None;
    OpMode mode = OpMode::None;
    OpMode mode2 = OpMode::None; ///< setp/set's boolean op; bar.red's reduction (And/Or/Popc; mode is
                                 ///< Red for .popc and And/Or for .and/.or)
    CacheOp cacheOp = CacheOp::None;
    MemOrder order = MemOrder::None;
    MemScope scope = MemScope::None;
    std::uint8_t vectorWidth = 1; ///< .v2/.v4
    /// A shared load ptxas widens (shared_load_vectorizer.h), packed into one byte to keep the struct at
    /// 192 bytes: the wide load's bytes per lane (8 or 16, bits 3-4) and this load's distance from its
    /// start in words (bits 0-1). Zero for every other instruction. Read through mergedBytes/mergedDelta.
    std::uint8_t mergedLoad = 0;
    std::uint8_t operandCount = 0;
    bool guarded = false;
    bool guardNegated = false; ///< `@!%p`
    std::uint32_t guardReg = 0; ///< index in the predicate file
    std::uint32_t flags = 0; ///< InstrFlag bits
    union {
        std::uint32_t callSite = 0; ///< for call: index into Function::callSites
        MatrixDesc matrix; ///< wmma/mma/ldmatrix/stmatrix (PTX ISA 8.5 §9.7.14): shape, layouts, types
        AsyncDesc async; ///< cp.async, cp.async.bulk, mbarrier (§9.7.9.25, §9.7.13.15): operation and options
    };
    std::uint32_t reconvergePc = kNoPc;
    SourceLine source;
    std::uint32_t ptxLine = 0; ///< line of the instruction's mnemonic in the PTX text (1-based)
    std::array<Operand, kMaxOperands> operands {};

    bool has(InstrFlag f) const { return (flags & f) != 0; }
    std::uint32_t mergedBytes() const { return mergedLoad & 0x18U; }
    std::uint32_t mergedDelta() const { return (mergedLoad & 0x3U) * 4U; }
    void setMerged(std::uint32_t bytes, std::uint32_t delta)
    {
        mergedLoad = static_cast<std::uint8_t>((bytes & 0x18U) | ((delta / 4U) & 0x3U));
    }
};

// Pre-decoded instructions are copied and scanned by the interpreter: keep them plain and compact.
static_assert(std::is_trivially_copyable_v<Operand> && std::is_standard_layout_v<Operand>);
static_assert(sizeof(Operand) == 24, "Operand grew; check the interpreter's cache footprint");
static_assert(std::is_trivially_copyable_v<Instruction> && std::is_standard_layout_v<Instruction>);
static_assert(sizeof(Instruction) <= 192, "Instruction grew; check the interpreter's cache footprint");

} // namespace engine::ptx

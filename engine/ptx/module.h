#pragma once

#include "engine/common/error.h"
#include "engine/ptx/instruction.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace engine::ptx {

/// An initializer element that is the address of a variable or function (PTX ISA 8.5 §5.4.4:
/// `sym`, `sym+off`, `generic(sym)`); the loader writes the address into the initializer bytes.
struct AddressInit {
    std::uint64_t byteOffset = 0; ///< where in Variable::init the address goes (its bytes are zero)
    std::uint32_t size = 8; ///< bytes: 4 or 8
    bool generic = false; ///< generic(sym): the generic address rather than the state-space one
    std::uint32_t index = 0; ///< Module::variables (function addresses are unsupported)
    std::int64_t addend = 0; ///< bytes
};

/// A variable in a state space (PTX ISA 8.5 §5.4 "Variables"): a module-level .global/.const/.shared,
/// a function's .shared/.local, or a .param (kernel parameter, function argument, call argument).
struct Variable {
    std::string name;
    StateSpace space = StateSpace::Global;
    ScalarType type = ScalarType::B8;
    std::uint32_t align = 1; ///< bytes (§5.4.5 .align; defaults to the type's size)
    std::uint64_t sizeBytes = 0; ///< element size times array length; 0 for an extern unsized array
    std::uint64_t offset = 0; ///< inside its space's per-function or per-module layout
    bool isExtern = false; ///< `.extern .shared ... name[]`: dynamic shared memory (§5.1.5)
    bool isPointer = false; ///< `.ptr` attribute on a kernel parameter (§5.1.6.1)
    std::vector<std::uint8_t> init; ///< little-endian initializer bytes; empty when none
    std::vector<AddressInit> addressInits; ///< address elements of `init`
};

/// The argument lists of one call instruction (PTX ISA 8.5 §9.7.12.3 call): .param symbols of the
/// enclosing function, and the callee's index in Module::functions.
struct CallSite {
    std::uint32_t callee = 0;
    std::vector<std::uint32_t> returnParams; ///< indices into Function::variables
    std::vector<std::uint32_t> argParams;
};

/// One `.reg` declaration (PTX ISA 8.5 §5.2.2): `%r<6>` is a parameterized range %r0..%r5 of
/// `count` registers starting at `base` in `file`; a plain name has count 1 and is not parameterized.
struct RegDecl {
    std::string name; ///< "%r" for a range, "%p" or "temp_param_reg" for a single register
    ScalarType type = ScalarType::B32;
    RegFile file = RegFile::B32;
    bool parameterized = false;
    std::uint32_t base = 0;
    std::uint32_t count = 1;
};

/// Per-file register counts of a function, and its declarations (to name a register in listings).
struct RegisterFiles {
    std::array<std::uint32_t, kRegFileCount> counts {};
    std::vector<RegDecl> decls;

    std::uint32_t total() const;
    /// "%r12" for index 12-base of a range; "" when no declaration covers it.
    std::string nameOf(RegRef reg) const;
};

/// A kernel (.entry) or device function (.func), decoded.
struct Function {
    std::string name; ///< mangled, as in the PTX
    std::string demangled; ///< "offsetCopy(float*, float*, int)"; equals name when not mangled
    bool isEntry = false;
    bool hasBody = false; ///< false for an .extern declaration
    std::vector<std::uint32_t> params; ///< indices into `variables`, in declaration order
    std::vector<std::uint32_t> returns; ///< .func return values, indices into `variables`
    std::uint64_t paramBytes = 0; ///< size of the kernel parameter block (§5.1.6.1)
    std::uint64_t sharedBytes = 0; ///< static .shared declared in the function
    std::uint64_t localBytes = 0; ///< .local declared in the function
    std::array<std::uint32_t, 3> maxntid {}; ///< .maxntid (§11.4.2); zeros when absent
    std::array<std::uint32_t, 3> reqntid {}; ///< .reqntid (§11.4.3); zeros when absent
    /// .reqnctapercluster (§11.4.9, __cluster_dims__); zeros when absent. .explicitcluster (§11.4.8): the kernel
    /// must be launched as a cluster.
    std::array<std::uint32_t, 3> reqnctapercluster {};
    bool explicitCluster = false;
    std::vector<Variable> variables; ///< params, call params, .shared, .local of this function
    RegisterFiles registers;
    std::vector<Instruction> instructions;
    std::vector<RegRef> vectorRegs; ///< elements of Vector operands
    /// Parallel to vectorRegs: the value of an immediate element (whose RegRef's index is kNoPc, as a `_`
    /// sink's is); 0 for register elements and sinks.
    std::vector<std::uint64_t> vectorImmediates;
    std::vector<CallSite> callSites;
    std::vector<std::string> labels; ///< label names, parallel to labelPcs
    std::vector<std::uint32_t> labelPcs;
    std::uint32_t line = 0; ///< line of the .entry/.func directive in the PTX
    /// Why the function cannot run: an instruction or special register the model does not supply, with its
    /// file and line. The rest of the module still loads; launching this function (or a kernel that calls
    /// it) reports this. Its body is then empty.
    std::optional<Error> refusal;
};

/// A parsed PTX module (PTX ISA 8.5 §11: .version/.target/.address_size and the declarations).
struct Module {
    std::string sourceName; ///< the file it came from, for messages
    std::uint32_t versionMajor = 0;
    std::uint32_t versionMinor = 0;
    std::string target; ///< "sm_75"
    std::uint32_t addressSize = 64; ///< bits
    std::vector<std::string> files; ///< `.file` names, index = file number (0 unused)
    std::vector<Variable> variables; ///< module-level .global/.const/.shared
    std::uint64_t sharedBytes = 0; ///< module-level static .shared
    std::vector<Function> functions;

    /// Index of the function whose mangled name is `name`, or whose demangled name or plain name
    /// (before '(') is `name`; -1 when none or when the plain name is ambiguous.
    int findFunction(std::string_view name) const;
    /// Function::refusal of `function` or of a function it calls, directly or not ("(in F) " before the
    /// callee's message); nullopt when all of them can run.
    std::optional<Error> refusal(std::uint32_t function) const;
    /// The .entry functions, in order.
    std::vector<const Function*> kernels() const;
};

} // namespace engine::ptx

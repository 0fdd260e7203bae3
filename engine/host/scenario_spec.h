#pragma once

#include "engine/host/element_type.h"
#include "engine/host/int_expression.h"
#include "engine/ptx/nvcc_settings.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace engine {

/// An integer written in a scenario: a JSON number or an expression string, kept unevaluated until
/// parameters (and --set overrides) are known. `jsonPath` says where it came from, for errors.
struct IntExpr {
    std::string text;
    std::string jsonPath;
};

/// How a buffer's initial contents are made.
struct BufferInit {
    enum class Kind { Zero, Iota, Random, Fill, File };
    Kind kind = Kind::Zero;
    std::uint64_t seed = 0; ///< Random
    double fillValue = 0; ///< Fill
    std::filesystem::path file; ///< File, resolved against the scenario's folder
};

struct BufferSpec {
    std::string name;
    ElementType type = ElementType::U8;
    IntExpr count;
    BufferInit init;
    bool host = false; ///< a host buffer (from "host"), else a device buffer
    bool pinned = false; ///< host buffers only
    std::string jsonPath;
};

/// One kernel argument as written: a name (buffer or parameter) or expression, a typed literal, or an
/// address inside a buffer.
struct LaunchArgSpec {
    enum class Kind { NameOrExpression, F32, F64, U64, BufferOffset };
    Kind kind = Kind::NameOrExpression;
    std::string text; ///< NameOrExpression: the string; BufferOffset: the buffer name
    double floatValue = 0; ///< F32, F64
    std::uint64_t u64Value = 0; ///< U64
    IntExpr offset; ///< BufferOffset
    std::string jsonPath;
};

struct MemcpyStepSpec {
    std::string dst, src;
    IntExpr bytes, dstOffset, srcOffset;
    int stream = 0;
    bool async = false;
};

struct MemsetStepSpec {
    std::string dst;
    IntExpr value, bytes;
    int stream = 0;
    bool async = false;
};

struct LaunchStepSpec {
    std::string kernel;
    std::vector<IntExpr> grid, block;
    IntExpr sharedBytes;
    int stream = 0;
    std::vector<LaunchArgSpec> args;
    bool cooperative = false; ///< cudaLaunchCooperativeKernel instead of <<<>>>
    std::vector<IntExpr> cluster; ///< "cluster": CTAs per cluster (cudaLaunchAttributeClusterDimension); empty: none
};

struct RecordStepSpec {
    std::string event;
    int stream = 0;
};

struct WaitStepSpec {
    int stream = 0;
    std::string event;
};

/// cudaMemcpyToSymbol / cudaMemcpyFromSymbol: between a buffer and a module-scope __constant__ or __device__
/// variable, `offset` bytes into the variable.
struct SymbolCopyStepSpec {
    bool toSymbol = true; ///< memcpy_to_symbol; false: memcpy_from_symbol
    std::string symbol;
    std::string buffer; ///< the source (to) or destination (from)
    IntExpr bytes, offset;
    int stream = 0;
    bool async = false;
};

struct SynchronizeStepSpec {
    std::optional<int> stream; ///< nullopt: the whole device
};

using StepSpecBody = std::variant<MemcpyStepSpec, MemsetStepSpec, LaunchStepSpec, RecordStepSpec, WaitStepSpec,
    SynchronizeStepSpec, SymbolCopyStepSpec>;

struct StepSpec {
    StepSpecBody body;
    std::string jsonPath; ///< "/steps/3"
};

/// A scenario file as written (format version 1, DESIGN.md): what a host program does.
struct ScenarioSpec {
    std::filesystem::path file;
    std::string name;
    std::filesystem::path module; ///< resolved against the scenario's folder
    std::string device; ///< default device id; empty when the file names none
    ptx::NvccSettings nvcc; ///< "nvcc": include folders (resolved against the scenario's folder), defines, flags
    ParamValues params;
    std::vector<BufferSpec> buffers; ///< device buffers, then host buffers, in file order
    std::vector<StepSpec> steps;
};

} // namespace engine

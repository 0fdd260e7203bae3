#pragma once

#include "engine/host/scenario_spec.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace engine {

/// A buffer with its size known.
struct ResolvedBuffer {
    std::string name;
    ElementType type = ElementType::U8;
    std::uint64_t count = 0;
    std::uint64_t bytes = 0;
    BufferInit init;
    bool host = false;
    bool pinned = false;
};

enum class CopyDirection { HostToDevice, DeviceToHost, DeviceToDevice, HostToHost };

struct MemcpyOp {
    std::size_t dst = 0, src = 0; ///< indices into ResolvedScenario::buffers
    std::uint64_t bytes = 0, dstOffset = 0, srcOffset = 0;
    CopyDirection direction = CopyDirection::HostToDevice;
    int stream = 0;
    bool async = false;
};

struct MemsetOp {
    std::size_t dst = 0;
    std::uint8_t value = 0;
    std::uint64_t bytes = 0;
    int stream = 0;
    bool async = false;
};

/// One kernel argument, ready to be marshalled into the kernel's parameter layout.
struct KernelArg {
    enum class Kind { BufferAddress, Integer, F32, F64, U64 };
    Kind kind = Kind::Integer;
    std::size_t buffer = 0; ///< BufferAddress
    std::uint64_t offset = 0; ///< BufferAddress, bytes
    std::int64_t integer = 0; ///< Integer (converted to the parameter's PTX type when marshalled)
    double real = 0; ///< F32, F64
    std::uint64_t u64 = 0; ///< U64
    std::string jsonPath;
};

using Dim3 = std::array<std::uint32_t, 3>;

struct LaunchOp {
    std::string kernel;
    Dim3 grid { 1, 1, 1 };
    Dim3 block { 1, 1, 1 };
    std::uint32_t sharedBytes = 0; ///< dynamic shared memory
    int stream = 0;
    std::vector<KernelArg> args;
    bool cooperative = false; ///< cudaLaunchCooperativeKernel (simt/cooperative_grid.h)
    Dim3 cluster { 0, 0, 0 }; ///< CTAs per cluster; zeros: the kernel's .reqnctapercluster, or none
};

struct RecordOp {
    std::string event;
    int stream = 0;
};

struct WaitOp {
    int stream = 0;
    std::string event;
};

/// A copy between a buffer and a module variable (SymbolCopyStepSpec); the symbol is checked against the
/// module when the step runs.
struct SymbolCopyOp {
    bool toSymbol = true;
    std::string symbol;
    std::size_t buffer = 0;
    std::uint64_t bytes = 0, offset = 0; ///< `offset`: into the symbol
    int stream = 0;
    bool async = false;
};

struct SynchronizeOp {
    std::optional<int> stream;
};

using StepOp = std::variant<MemcpyOp, MemsetOp, LaunchOp, RecordOp, WaitOp, SynchronizeOp, SymbolCopyOp>;

struct ResolvedStep {
    StepOp op;
    std::string jsonPath; ///< "/steps/3", for errors and the timeline
};

/// A scenario with every expression evaluated and every reference checked: what the host model runs.
struct ResolvedScenario {
    std::filesystem::path file;
    std::string name;
    std::filesystem::path module;
    std::string device;
    ptx::NvccSettings nvcc;
    ParamValues params; ///< after overrides
    std::vector<ResolvedBuffer> buffers;
    std::vector<ResolvedStep> steps;

    /// Index of the buffer named `name`, or nullopt.
    std::optional<std::size_t> findBuffer(std::string_view bufferName) const;
};

} // namespace engine

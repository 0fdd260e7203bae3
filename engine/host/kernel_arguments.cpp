#include "engine/host/kernel_arguments.h"

#include "engine/simt/launch.h"

#include <bit>

namespace engine {

namespace {

struct ArgumentError {
    std::string path;
    std::string message;
};

/// The bits a value takes in a parameter of `type` (PTX ISA 8.5 §5.2: little-endian, the type's width).
std::uint64_t bitsFor(ptx::ScalarType type, const KernelArg& arg)
{
    const bool isF32 = type == ptx::ScalarType::F32;
    const bool isF64 = type == ptx::ScalarType::F64;
    switch (arg.kind) {
    case KernelArg::Kind::BufferAddress:
        if (ptx::typeSizeBytes(type) != 8)
            throw ArgumentError { arg.jsonPath, "a buffer address needs a 64-bit parameter" };
        return 0; // filled by the caller
    case KernelArg::Kind::Integer:
        if (isF32)
            return std::bit_cast<std::uint32_t>(static_cast<float>(arg.integer));
        if (isF64)
            return std::bit_cast<std::uint64_t>(static_cast<double>(arg.integer));
        return static_cast<std::uint64_t>(arg.integer);
    case KernelArg::Kind::F32:
        if (!isF32)
            throw ArgumentError { arg.jsonPath, "an f32 literal passed to a ." + std::string(ptx::scalarTypeName(type)) + " parameter" };
        return std::bit_cast<std::uint32_t>(static_cast<float>(arg.real));
    case KernelArg::Kind::F64:
        if (!isF64)
            throw ArgumentError { arg.jsonPath, "an f64 literal passed to a ." + std::string(ptx::scalarTypeName(type)) + " parameter" };
        return std::bit_cast<std::uint64_t>(arg.real);
    case KernelArg::Kind::U64:
        if (ptx::typeSizeBytes(type) != 8 || isF64)
            throw ArgumentError { arg.jsonPath, "a u64 literal needs a 64-bit integer parameter" };
        return arg.u64;
    }
    return 0;
}

} // namespace

Result<std::vector<std::uint8_t>> marshalKernelArguments(const ptx::Function& kernel,
    const std::vector<KernelArg>& args, const std::vector<std::uint64_t>& bufferAddresses, const std::string& stepPath)
{
    if (args.size() != kernel.params.size()) {
        return Error { ErrorCode::InvalidArgument,
            kernel.demangled + " takes " + std::to_string(kernel.params.size()) + " arguments, the launch passes "
                + std::to_string(args.size()),
            SourceLocation::atJsonPath({}, stepPath + "/launch/args") };
    }
    simt::ParamBlockBuilder block(kernel);
    try {
        for (std::size_t i = 0; i < args.size(); ++i) {
            const auto& param = kernel.variables[kernel.params[i]];
            auto bits = bitsFor(param.type, args[i]);
            if (args[i].kind == KernelArg::Kind::BufferAddress)
                bits = bufferAddresses[args[i].buffer] + args[i].offset;
            block.set(i, bits);
        }
    } catch (const ArgumentError& error) {
        return Error { ErrorCode::InvalidArgument, error.message, SourceLocation::atJsonPath({}, error.path) };
    }
    return block.bytes();
}

} // namespace engine

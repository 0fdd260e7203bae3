#include "engine/host/symbol_copy.h"

#include "engine/ptx/module_symbols.h"

#include <cstring>

namespace engine {

Result<std::string> copySymbol(const SymbolCopyOp& op, const ptx::Module& module, const simt::ModuleImage& image,
    simt::DeviceMemory& memory, std::span<std::uint8_t> buffer, const std::string& stepPath)
{
    const auto path = stepPath + (op.toSymbol ? "/memcpy_to_symbol" : "/memcpy_from_symbol");
    const auto symbol = ptx::findModuleSymbol(module, op.symbol);
    if (!symbol)
        return Error {ErrorCode::NotFound,
            "no __constant__ or __device__ variable '" + op.symbol + "' in " + module.sourceName
                + " (symbols: " + ptx::symbolList(module) + ")",
            SourceLocation::atJsonPath({}, path + "/symbol")};
    const auto& variable = module.variables[symbol->index];
    if (op.offset > variable.sizeBytes || op.bytes > variable.sizeBytes - op.offset)
        return Error {ErrorCode::InvalidArgument,
            "copies " + std::to_string(op.bytes) + " bytes at offset " + std::to_string(op.offset)
                + (op.toSymbol ? " into '" : " out of '") + symbol->name + "' of " + std::to_string(variable.sizeBytes)
                + " bytes",
            SourceLocation::atJsonPath({}, path + "/bytes")};
    auto device = memory.bytes(image.variableAddresses.at(symbol->index)).subspan(op.offset, op.bytes);
    auto host = buffer.subspan(0, op.bytes);
    if (op.toSymbol)
        std::memmove(device.data(), host.data(), op.bytes);
    else
        std::memmove(host.data(), device.data(), op.bytes);
    return symbol->name;
}

} // namespace engine

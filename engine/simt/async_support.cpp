#include "engine/simt/async_support.h"

namespace engine::simt {

namespace {

constexpr ComputeCapability kSm80 {8, 0};
constexpr ComputeCapability kSm90 {9, 0};

} // namespace

std::optional<ComputeCapability> asyncRequirement(const ptx::Instruction& ins)
{
    if (ptx::opcodeInfo(ins.opcode).instrClass != ptx::InstrClass::Async)
        return std::nullopt;
    switch (ins.async.op) {
    case ptx::AsyncOp::Bulk:
    case ptx::AsyncOp::BulkCommitGroup:
    case ptx::AsyncOp::BulkWaitGroup:
    case ptx::AsyncOp::TryWait:
    case ptx::AsyncOp::ExpectTx:
    case ptx::AsyncOp::CompleteTx: return kSm90;
    case ptx::AsyncOp::Arrive:
    case ptx::AsyncOp::ArriveDrop: return ins.async.expectTx ? kSm90 : kSm80;
    default: return kSm80;
    }
}

std::optional<Error> checkAsyncSupport(const ptx::Module& module, std::uint32_t kernel, const DeviceProfile& device)
{
    for (std::size_t f = 0; f < module.functions.size(); ++f) {
        const ptx::Function& fn = module.functions[f];
        if (fn.isEntry && f != kernel)
            continue;
        for (const ptx::Instruction& ins : fn.instructions) {
            const auto need = asyncRequirement(ins);
            if (!need || device.computeCapability >= *need)
                continue;
            return Error(ErrorCode::Unsupported,
                "launch of " + (fn.demangled.empty() ? fn.name : fn.demangled) + ": "
                    + std::string(ptx::asyncOpName(ins.async.op)) + " needs compute capability " + need->toString()
                    + " or later; the " + device.name + " (" + device.id + ") has "
                    + device.computeCapability.toString(),
                SourceLocation::inFile(module.sourceName, ins.ptxLine));
        }
    }
    return std::nullopt;
}

} // namespace engine::simt

#include "engine/simt/async_support.h"

#include "engine/simt/capability_check.h"

namespace engine::simt {

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
    return checkInstructionSupport(module, kernel, device, asyncRequirement,
        [](const ptx::Instruction& ins) { return std::string(ptx::asyncOpName(ins.async.op)); });
}

} // namespace engine::simt

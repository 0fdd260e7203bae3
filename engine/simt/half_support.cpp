#include "engine/simt/half_support.h"

#include "engine/simt/capability_check.h"

#include "engine/ptx/opcode.h"

namespace engine::simt {

namespace {

using ptx::Opcode;
using ptx::ScalarType;

bool isBf16(ScalarType t)
{
    return t == ScalarType::BF16 || t == ScalarType::BF16x2;
}
bool isHalf(ScalarType t)
{
    return t == ScalarType::F16 || t == ScalarType::F16x2 || isBf16(t);
}

/// §9.7.4.1-8 target notes: .f16/.f16x2 add, sub, mul, fma, neg, abs need sm_53; min/max, .NaN and
/// .relu sm_80; .bf16 fma, min, max, neg, abs sm_80 and .bf16 add, sub, mul sm_90.
std::optional<ComputeCapability> arithmetic(const ptx::Instruction& ins)
{
    const bool bf16 = isBf16(ins.type);
    switch (ins.opcode) {
    case Opcode::Add:
    case Opcode::Sub:
    case Opcode::Mul:
        return bf16 ? kSm90 : kSm53;
    case Opcode::Min:
    case Opcode::Max:
        return kSm80;
    case Opcode::Fma:
    case Opcode::Mad:
    case Opcode::Neg:
    case Opcode::Abs:
        return bf16 || ins.has(ptx::FlagRelu) ? kSm80 : kSm53;
    default:
        return std::nullopt;
    }
}

} // namespace

std::optional<ComputeCapability> halfPrecisionRequirement(const ptx::Instruction& ins)
{
    switch (ins.opcode) {
    // §9.7.4.11 set / §9.7.4.12 setp: .f16 sm_53, .bf16 sm_90.
    case Opcode::Setp:
        return isHalf(ins.type) ? std::optional(isBf16(ins.type) ? kSm90 : kSm53) : std::nullopt;
    case Opcode::Set:
        return isHalf(ins.type2) ? std::optional(isBf16(ins.type2) ? kSm90 : kSm53) : std::nullopt;
    // §9.7.4.9 tanh.approx / §9.7.4.10 ex2.approx: .f16 sm_75, .bf16 sm_90.
    case Opcode::Tanh:
    case Opcode::Ex2:
        return isHalf(ins.type) ? std::optional(isBf16(ins.type) ? kSm90 : kSm75) : std::nullopt;
    // §9.7.9.21 cvt: .f16x2/.bf16x2 destinations and .bf16 from .f32 need sm_80, .bf16 with other types
    // sm_90; .f16 conversions run on every target.
    case Opcode::Cvt:
        if (ins.type == ScalarType::F16x2 || ins.type == ScalarType::BF16x2)
            return kSm80;
        if (isBf16(ins.type) || isBf16(ins.type2))
            return ins.type2 == ScalarType::F32 ? kSm80 : kSm90;
        return std::nullopt;
    default:
        return isHalf(ins.type) ? arithmetic(ins) : std::nullopt;
    }
}

std::optional<Error> checkHalfPrecisionSupport(
    const ptx::Module& module, std::uint32_t kernel, const DeviceProfile& device)
{
    return checkInstructionSupport(module, kernel, device, halfPrecisionRequirement, [](const ptx::Instruction& ins) {
        std::string form
            = std::string(ptx::opcodeInfo(ins.opcode).mnemonic) + "." + std::string(ptx::scalarTypeName(ins.type));
        if (ins.type2 != ScalarType::None)
            form += "." + std::string(ptx::scalarTypeName(ins.type2));
        return form;
    });
}

} // namespace engine::simt

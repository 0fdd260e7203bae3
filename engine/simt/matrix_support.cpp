#include "engine/simt/matrix_support.h"

#include "engine/simt/capability_check.h"

namespace engine::simt {

namespace {

using ptx::MatrixShape;
using ptx::MatrixType;
using ptx::Opcode;

ComputeCapability wmmaRequirement(const ptx::MatrixDesc& d)
{
    const MatrixType t = d.op == ptx::MatrixOp::Mma ? d.aType() : d.typeAt(0);
    if (t == MatrixType::BF16 || t == MatrixType::TF32 || d.shape == MatrixShape::M16N16K8)
        return kSm80;
    if (t == MatrixType::S8 || t == MatrixType::U8 || (d.op != ptx::MatrixOp::Mma && t == MatrixType::S32))
        return kSm72;
    return kSm70;
}

ComputeCapability mmaRequirement(const ptx::MatrixDesc& d)
{
    const bool f16 = d.aType() == MatrixType::F16;
    if ((d.shape == MatrixShape::M16N8K8 && f16) || d.shape == MatrixShape::M8N8K16)
        return kSm75;
    return kSm80;
}

} // namespace

std::optional<ComputeCapability> matrixRequirement(const ptx::Instruction& ins)
{
    switch (ins.opcode) {
    case Opcode::Wmma:
        return wmmaRequirement(ins.matrix);
    case Opcode::Mma:
        return mmaRequirement(ins.matrix);
    case Opcode::Ldmatrix:
        return kSm75;
    case Opcode::Stmatrix:
        return kSm90;
    default:
        return std::nullopt;
    }
}

std::string matrixFormName(const ptx::Instruction& ins)
{
    const ptx::MatrixDesc& d = ins.matrix;
    std::string name(ptx::opcodeInfo(ins.opcode).mnemonic);
    if (ins.opcode == Opcode::Wmma) {
        constexpr const char* kParts[] = {"", ".load.a", ".load.b", ".load.c", ".store.d", ".mma"};
        name += kParts[static_cast<std::size_t>(d.op)];
    }
    name += "." + std::string(ptx::matrixShapeName(d.shape));
    if (d.matrices() != 0)
        name += ".x" + std::to_string(d.matrices());
    for (int i = 0; i < d.typeCount(); ++i)
        name += "." + std::string(ptx::matrixTypeName(d.typeAt(i)));
    return name;
}

std::optional<Error> checkMatrixSupport(const ptx::Module& module, std::uint32_t kernel, const DeviceProfile& device)
{
    return checkInstructionSupport(module, kernel, device, matrixRequirement, matrixFormName,
        device.computeCapability < kSm70 ? " (it has no tensor cores)" : "");
}

} // namespace engine::simt

#include "engine/simt/fragment_text.h"

#include "engine/simt/fragment_layout.h"

#include <optional>

namespace engine::simt {

namespace {

struct Use {
    const ptx::Instruction* ins = nullptr;
    int slot = 0;
    std::uint32_t index = 0; ///< which register of the fragment
};

std::optional<Use> findUse(const ptx::Function& fn, ptx::RegRef reg)
{
    for (const ptx::Instruction& ins : fn.instructions) {
        for (int slot = 0; slot < ins.operandCount; ++slot) {
            const std::uint32_t count = ptx::matrixOperandRegisters(ins, slot);
            const ptx::Operand& op = ins.operands[static_cast<std::size_t>(slot)];
            for (std::uint32_t r = 0; r < count; ++r) {
                const ptx::RegRef at = op.kind == ptx::OperandKind::Vector ? fn.vectorRegs[op.index + r]
                                                                           : ptx::RegRef {op.file, op.index};
                if (at.file == reg.file && at.index == reg.index)
                    return Use {&ins, slot, r};
            }
        }
    }
    return std::nullopt;
}

/// The matrix letter and fragment form of operand `slot`.
std::pair<char, FragmentSpec> specOf(const ptx::Instruction& ins, int slot)
{
    const ptx::MatrixDesc& d = ins.matrix;
    const bool wmma = ins.opcode == ptx::Opcode::Wmma;
    if (d.op == ptx::MatrixOp::Mma) {
        switch (slot) {
        case 1:
            return {'A', FragmentSpec {wmma, d.shape, d.aType(), FragmentRole::A, d.rowA != 0}};
        case 2:
            return {'B', FragmentSpec {wmma, d.shape, d.bType(), FragmentRole::B, d.rowB != 0}};
        case 3:
            return {'C', FragmentSpec {wmma, d.shape, d.cType(), FragmentRole::C, true}};
        default:
            return {'D', FragmentSpec {wmma, d.shape, d.dType(), FragmentRole::C, true}};
        }
    }
    const ptx::MatrixType t = d.typeAt(0);
    switch (d.op) {
    case ptx::MatrixOp::LoadA:
        return {'A', FragmentSpec {true, d.shape, t, FragmentRole::A, d.rowA != 0}};
    case ptx::MatrixOp::LoadB:
        return {'B', FragmentSpec {true, d.shape, t, FragmentRole::B, d.rowA != 0}};
    case ptx::MatrixOp::LoadC:
        return {'C', FragmentSpec {true, d.shape, t, FragmentRole::C, true}};
    default:
        return {'D', FragmentSpec {true, d.shape, t, FragmentRole::C, true}};
    }
}

std::string range(int first, int last)
{
    return first == last ? std::to_string(first) : std::to_string(first) + ".." + std::to_string(last);
}

/// "[r][c0..c1]" when the elements run along a row, "[r0..r1][c]" down a column, else each one.
std::string place(const std::vector<FragmentCoord>& at)
{
    bool alongRow = true;
    bool downColumn = true;
    for (std::size_t i = 1; i < at.size(); ++i) {
        alongRow = alongRow && at[i].row == at[0].row && at[i].col == at[0].col + static_cast<int>(i);
        downColumn = downColumn && at[i].col == at[0].col && at[i].row == at[0].row + static_cast<int>(i);
    }
    if (alongRow)
        return "[" + std::to_string(at[0].row) + "][" + range(at[0].col, at.back().col) + "]";
    if (downColumn)
        return "[" + range(at[0].row, at.back().row) + "][" + std::to_string(at[0].col) + "]";
    std::string text;
    for (const FragmentCoord& c : at)
        text += (text.empty() ? "[" : ", [") + std::to_string(c.row) + "][" + std::to_string(c.col) + "]";
    return text;
}

} // namespace

std::vector<std::string> fragmentElementTexts(const ptx::Function& fn, ptx::RegRef reg)
{
    const auto use = findUse(fn, reg);
    if (!use)
        return {};
    std::vector<std::string> texts;
    const ptx::Instruction& ins = *use->ins;
    for (int lane = 0; lane < 32; ++lane) {
        std::vector<FragmentCoord> at;
        if (ins.opcode == ptx::Opcode::Ldmatrix || ins.opcode == ptx::Opcode::Stmatrix) {
            for (int j = 0; j < 2; ++j)
                at.push_back(ldmatrixElement(lane, j, ins.matrix.trans != 0));
            texts.push_back("matrix " + std::to_string(use->index) + " " + place(at));
            continue;
        }
        const auto [letter, spec] = specOf(ins, use->slot);
        const std::uint32_t per = elementsPerRegister(spec.type);
        for (std::uint32_t j = 0; j < per; ++j)
            at.push_back(fragmentElement(spec, lane, static_cast<int>(use->index * per + j)));
        texts.push_back(std::string(1, letter) + place(at));
    }
    return texts;
}

} // namespace engine::simt

#include "engine/ptx/opcode.h"

#include <algorithm>
#include <array>

namespace engine::ptx {

namespace {

constexpr std::array kOpcodeTable = {
#define PTX_OPCODE(name, mnemonic, cls, minOps, maxOps) OpcodeInfo {mnemonic, InstrClass::cls, minOps, maxOps},
#include "engine/ptx/opcodes.def"
#undef PTX_OPCODE
};

struct MnemonicEntry {
    std::string_view mnemonic;
    Opcode op;
};

/// The table sorted by mnemonic, built once, for a binary search without string hashing.
consteval auto makeSortedMnemonics()
{
    std::array<MnemonicEntry, kOpcodeTable.size()> sorted {};
    for (std::size_t i = 0; i < kOpcodeTable.size(); ++i)
        sorted[i] = {kOpcodeTable[i].mnemonic, static_cast<Opcode>(i)};
    std::sort(sorted.begin(), sorted.end(),
        [](const MnemonicEntry& a, const MnemonicEntry& b) { return a.mnemonic < b.mnemonic; });
    return sorted;
}

constexpr auto kSortedMnemonics = makeSortedMnemonics();

} // namespace

std::size_t opcodeCount()
{
    return kOpcodeTable.size();
}

const OpcodeInfo& opcodeInfo(Opcode op)
{
    return kOpcodeTable[static_cast<std::size_t>(op)];
}

std::optional<Opcode> lookupOpcode(std::string_view mnemonic)
{
    auto it = std::lower_bound(kSortedMnemonics.begin(), kSortedMnemonics.end(), mnemonic,
        [](const MnemonicEntry& e, std::string_view m) { return e.mnemonic < m; });
    if (it == kSortedMnemonics.end() || it->mnemonic != mnemonic)
        return std::nullopt;
    return it->op;
}

std::string_view instrClassName(InstrClass cls)
{
    switch (cls) {
    case InstrClass::Arithmetic:
        return "Arithmetic";
    case InstrClass::FloatArithmetic:
        return "FloatArithmetic";
    case InstrClass::Transcendental:
        return "Transcendental";
    case InstrClass::Compare:
        return "Compare";
    case InstrClass::Logic:
        return "Logic";
    case InstrClass::Move:
        return "Move";
    case InstrClass::Convert:
        return "Convert";
    case InstrClass::Load:
        return "Load";
    case InstrClass::Store:
        return "Store";
    case InstrClass::Atomic:
        return "Atomic";
    case InstrClass::Barrier:
        return "Barrier";
    case InstrClass::WarpShuffle:
        return "WarpShuffle";
    case InstrClass::WarpVote:
        return "WarpVote";
    case InstrClass::Control:
        return "Control";
    case InstrClass::Matrix:
        return "Matrix";
    case InstrClass::Async:
        return "Async";
    }
    return "?";
}

} // namespace engine::ptx

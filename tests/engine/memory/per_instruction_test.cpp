// PerInstruction: an entry per static instruction, made on first use, that stays where it was made.
#include "engine/memory/per_instruction.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

namespace {

struct Wide {
    std::array<std::uint64_t, 64> words; ///< as large as a memo's entry, so that a move would show
};

} // namespace

TEST(PerInstruction, EntriesAreMadeZeroedOnFirstUseAndNeverMoveWhenOthersAreMade)
{
    engine::PerInstruction<Wide> table;
    EXPECT_EQ(table.find(3), nullptr);
    EXPECT_EQ(table.find(1000), nullptr);

    // More instructions than a chunk holds, in an order that grows the index table too.
    const std::size_t count = 5 * engine::PerInstruction<Wide>::kChunk + 3;
    std::vector<const Wide*> made;
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t instruction = (i * 37) % 211;
        Wide& entry = table.at(instruction);
        for (const std::uint64_t word : entry.words)
            ASSERT_EQ(word, 0u) << "instruction " << instruction;
        entry.words[0] = instruction + 1;
        made.push_back(&entry);
    }
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t instruction = (i * 37) % 211;
        EXPECT_EQ(table.find(instruction), made[i]);
        EXPECT_EQ(&table.at(instruction), made[i]); // not made again
        EXPECT_EQ(made[i]->words[0], instruction + 1);
    }
    EXPECT_EQ(table.find(1), nullptr);
}

// SharedBankMemo answers a shared access moved as a whole from one resolved before with the bank model's own
// answer (multicast_banks.h: banks are successive words; an access's passes depend on which lanes meet in a bank).
#include "engine/memory/shared_bank_memo.h"
#include "engine/memory/shared_bank_model.h"
#include "tests/engine/device_fixtures.h"
#include "tests/engine/memory/warp_patterns.h"

#include <gtest/gtest.h>

#include <random>

using namespace testing_fixtures;

namespace {

void expectSameAnswer(const engine::BankConflictResult& memo, const engine::BankConflictResult& model)
{
    EXPECT_EQ(memo.wavefronts, model.wavefronts);
    EXPECT_EQ(memo.idealWavefronts, model.idealWavefronts);
    EXPECT_EQ(memo.conflictWays, model.conflictWays);
    EXPECT_EQ(memo.conflictLanes, model.conflictLanes);
    EXPECT_EQ(memo.broadcastLanes, model.broadcastLanes);
    EXPECT_EQ(memo.laneBank, model.laneBank);
    EXPECT_EQ(memo.laneWavefront, model.laneWavefront);
}

engine::BankConflictResult direct(const engine::SharedBankModel& model, const engine::WarpAccess& access)
{
    engine::BankConflictResult result;
    model.resolve(access, result);
    return result;
}

/// A random access of one of the shapes kernels make: strided words, a broadcast, or words drawn from a few
/// rows (conflicts and shared words mixed).
engine::WarpAccess randomAccess(std::mt19937_64& random)
{
    const int widths[] = { 1, 2, 4, 8, 16 };
    const int bytes = widths[random() % 5];
    engine::WarpAccess access;
    access.bytesPerLane = bytes;
    access.kind = random() % 2 ? engine::AccessKind::Load : engine::AccessKind::Store;
    access.activeMask = random() % 3 == 0 ? static_cast<std::uint32_t>(random()) | 1u : 0xffffffffu;
    const std::uint64_t base = (std::uint64_t { 1 } << 20) + (random() % 512) * static_cast<std::uint64_t>(bytes);
    const int shape = static_cast<int>(random() % 3);
    const auto stride = static_cast<std::uint64_t>(random() % 40);
    for (std::size_t lane = 0; lane < engine::kWarpSize; ++lane) {
        const std::uint64_t element = shape == 0 ? lane * stride : shape == 1 ? 0 : random() % 96;
        access.laneAddresses[lane] = base + element * static_cast<std::uint64_t>(bytes);
    }
    return access;
}

engine::WarpAccess moved(engine::WarpAccess access, std::int64_t bytes)
{
    for (auto& address : access.laneAddresses)
        address += static_cast<std::uint64_t>(bytes);
    return access;
}

} // namespace

TEST(SharedBankMemo, TransposeTileColumnsTurnTheBanks)
{
    // The padded transpose tile (best-practices-guide-v8.0.txt §9.2.2.2, float tile[32][33]): warp w reads column
    // w, 4 bytes past column w - 1. Every column after the first is answered by the memo, banks turned by w.
    const auto model = engine::makeSharedBankModel(builtinProfile("h100"));
    engine::SharedBankMemo memo(*model);
    for (int column = 0; column < 32; ++column) {
        const auto access = stridedAccess(static_cast<std::uint64_t>(column) * 4, 33);
        engine::BankConflictResult result;
        memo.resolve(7, access, result);
        expectSameAnswer(result, direct(*model, access));
        EXPECT_EQ(result.wavefronts, 1);
        EXPECT_EQ(result.laneBank[0], column);
    }
    EXPECT_EQ(memo.lookups(), 32u);
    EXPECT_EQ(memo.hits(), 31u);
}

TEST(SharedBankMemo, UnpaddedColumnsKeepTheirConflicts)
{
    // float tile[32][32]: a column's 32 words share one bank, 32 wavefronts, in every column.
    const auto model = engine::makeSharedBankModel(builtinProfile("h100"));
    engine::SharedBankMemo memo(*model);
    engine::BankConflictResult result;
    memo.resolve(0, stridedAccess(0, 32), result);
    memo.resolve(0, stridedAccess(12, 32), result);
    EXPECT_EQ(memo.hits(), 1u);
    EXPECT_EQ(result.wavefronts, 32);
    EXPECT_EQ(result.laneBank[31], 3);
}

TEST(SharedBankMemo, InstructionsAreRememberedApart)
{
    const auto model = engine::makeSharedBankModel(builtinProfile("h100"));
    engine::SharedBankMemo memo(*model);
    engine::BankConflictResult result;
    memo.resolve(0, stridedAccess(0, 1), result);
    memo.resolve(1, stridedAccess(0, 2), result);
    memo.resolve(0, stridedAccess(128, 1), result);
    memo.resolve(1, stridedAccess(128, 1), result); // another shape than instruction 1's: resolved
    EXPECT_EQ(memo.hits(), 1u);
    EXPECT_EQ(result.wavefronts, 1);
}

TEST(SharedBankMemo, GivesTheModelsAnswerOnRandomMovedAccesses)
{
    // Every generation's multicast banks, Kepler in both bank modes; moves by every power of two from 1 to 512
    // bytes either way, so some keep the answer (replayed) and some do not (resolved again).
    struct Case {
        const char* device;
        engine::SharedBankMode mode;
    };
    const Case cases[] = { { "m2090", engine::SharedBankMode::DeviceDefault },
        { "k20x", engine::SharedBankMode::DeviceDefault }, { "k20x", engine::SharedBankMode::FourByte },
        { "h100", engine::SharedBankMode::DeviceDefault } };
    std::mt19937_64 random(2024);
    for (const Case& c : cases) {
        const auto model = engine::makeSharedBankModel(builtinProfile(c.device), c.mode);
        engine::SharedBankMemo memo(*model);
        for (int trial = 0; trial < 400; ++trial) {
            auto access = randomAccess(random);
            const auto instruction = static_cast<std::size_t>(trial % 5);
            for (int step = 0; step < 4; ++step) {
                engine::BankConflictResult result;
                memo.resolve(instruction, access, result);
                SCOPED_TRACE(testing::Message() << c.device << " trial " << trial << " step " << step);
                expectSameAnswer(result, direct(*model, access));
                const std::int64_t by = std::int64_t { 1 } << (random() % 10);
                access = moved(access, random() % 2 ? by : -by);
            }
        }
        EXPECT_GT(memo.hits(), 0u) << c.device;
        EXPECT_LT(memo.hits(), memo.lookups()) << c.device;
    }
}

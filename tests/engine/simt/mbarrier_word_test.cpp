// The mbarrier object (PTX ISA 8.5 §9.7.13.15): phases, pending and expected arrivals, the transaction count.
#include "engine/simt/mbarrier_word.h"

#include <gtest/gtest.h>

using engine::simt::MbarrierWord;

TEST(MbarrierWord, APhaseCompletesWhenEveryExpectedArrivalIsIn)
{
    // §9.7.13.15.2: init with a count of 3; three arrive-on operations complete phase 0, and phase 1 starts
    // with 3 pending again.
    MbarrierWord w = MbarrierWord::initialized(3);
    EXPECT_EQ(w.parity(), 0u);
    EXPECT_EQ(w.pending(), 3u);
    ASSERT_TRUE(w.arrive(1, false));
    ASSERT_TRUE(w.arrive(1, false));
    EXPECT_FALSE(w.phaseComplete(0));
    ASSERT_TRUE(w.arrive(1, false));
    EXPECT_TRUE(w.phaseComplete(0));
    EXPECT_FALSE(w.phaseComplete(1));
    EXPECT_EQ(w.parity(), 1u);
    EXPECT_EQ(w.pending(), 3u);
}

TEST(MbarrierWord, ArriveDropLowersTheCountOfLaterPhases)
{
    // §9.7.13.15.13 arrive_drop: the thread leaves the barrier; later phases expect one arrival fewer.
    MbarrierWord w = MbarrierWord::initialized(2);
    ASSERT_TRUE(w.arrive(1, true));
    ASSERT_TRUE(w.arrive(1, false));
    EXPECT_EQ(w.parity(), 1u);
    EXPECT_EQ(w.expected(), 1u);
    EXPECT_EQ(w.pending(), 1u);
}

TEST(MbarrierWord, TransactionsHoldThePhaseUntilTheirBytesArrive)
{
    // §9.7.13.15.6-7: arrive.expect_tx of 1024 bytes by the one expected thread leaves the phase waiting for the
    // bulk copy's complete-tx of the same 1024 bytes; a copy that completes first drives the count negative.
    MbarrierWord w = MbarrierWord::initialized(1);
    ASSERT_TRUE(w.expectTx(1024));
    ASSERT_TRUE(w.arrive(1, false));
    EXPECT_EQ(w.parity(), 0u);
    EXPECT_EQ(w.txCount(), 1024);
    ASSERT_TRUE(w.completeTx(1024));
    EXPECT_EQ(w.parity(), 1u);

    MbarrierWord early = MbarrierWord::initialized(1);
    ASSERT_TRUE(early.completeTx(512));
    EXPECT_EQ(early.txCount(), -512);
    ASSERT_TRUE(early.expectTx(512));
    ASSERT_TRUE(early.arrive(1, false));
    EXPECT_EQ(early.parity(), 1u);
}

TEST(MbarrierWord, CountsStayInTheirRange)
{
    // §9.7.13.15.1: counts in [0, 2^20 - 1]; more arrivals than pending, or a tx-count out of range, is refused.
    MbarrierWord w = MbarrierWord::initialized(MbarrierWord::kMaxCount);
    EXPECT_EQ(w.expected(), MbarrierWord::kMaxCount);
    EXPECT_FALSE(w.arrive(MbarrierWord::kMaxCount + 1, false));
    EXPECT_FALSE(w.expectTx(MbarrierWord::kMaxCount + 1));
    ASSERT_TRUE(w.expectTx(MbarrierWord::kMaxCount));
    EXPECT_EQ(w.txCount(), static_cast<std::int32_t>(MbarrierWord::kMaxCount));
    EXPECT_EQ(w.pending(), MbarrierWord::kMaxCount); // the fields do not spill into each other
}

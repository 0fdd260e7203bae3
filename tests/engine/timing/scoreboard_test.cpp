// A warp's scoreboard (DIGEST §1.10; best-practices-guide-current.txt §10.2) and the register numbers it is
// indexed by.
#include "engine/timing/scoreboard.h"
#include "engine/timing/static_instruction.h"
#include "engine/timing/window_requests.h"
#include "tests/engine/simt/simt_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <random>
#include <set>
#include <vector>

using namespace engine::timing;

namespace {

StaticInstruction writing(std::initializer_list<RegKey> dsts)
{
    StaticInstruction w;
    for (const RegKey d : dsts)
        w.dst[w.dstCount++] = d;
    return w;
}

StaticInstruction reading(std::initializer_list<RegKey> srcs)
{
    StaticInstruction r;
    for (const RegKey s : srcs)
        r.src[r.srcCount++] = s;
    return r;
}

/// The scoreboard as its rule reads, for comparison: a list of at most kEntries entries in the order they were
/// made; every write first drops the entries that arrived by its cycle.
class ListScoreboard {
public:
    RegisterWait waitFor(const StaticInstruction& instr, std::uint64_t now) const
    {
        RegisterWait wait { now, false };
        for (const Entry& e : m_entries) {
            if (e.wait.readyCycle <= wait.readyCycle)
                continue;
            for (std::uint8_t s = 0; s < instr.srcCount; ++s) {
                if (instr.src[s] == e.reg) {
                    wait = e.wait;
                    break;
                }
            }
        }
        return wait;
    }
    void write(const StaticInstruction& instr, std::uint64_t readyCycle, bool memory, std::uint64_t now)
    {
        if (instr.dstCount == 0)
            return;
        std::erase_if(m_entries, [now](const Entry& e) { return e.wait.readyCycle <= now; });
        for (std::uint8_t d = 0; d < instr.dstCount; ++d) {
            const RegisterWait wait { readyCycle, memory };
            const auto found = std::find_if(
                m_entries.begin(), m_entries.end(), [&](const Entry& e) { return e.reg == instr.dst[d]; });
            if (found != m_entries.end()) {
                found->wait = wait;
            } else if (m_entries.size() == Scoreboard::kEntries) {
                const auto earliest = std::min_element(m_entries.begin(), m_entries.end(),
                    [](const Entry& a, const Entry& b) { return a.wait.readyCycle < b.wait.readyCycle; });
                *earliest = Entry { instr.dst[d], wait };
            } else {
                m_entries.push_back(Entry { instr.dst[d], wait });
            }
        }
    }
    void settle(std::uint64_t ticket, std::uint64_t cycle)
    {
        for (Entry& e : m_entries) {
            if (e.wait.readyCycle == ticket)
                e.wait.readyCycle = cycle;
        }
    }
    void clear() { m_entries.clear(); }

private:
    struct Entry {
        RegKey reg;
        RegisterWait wait;
    };
    std::vector<Entry> m_entries;
};

} // namespace

TEST(Scoreboard, ALoadStallsOnlyTheInstructionThatReadsIt)
{
    // DIGEST §1.10: independent instructions issue while the load is in flight.
    std::vector<std::uint8_t> table(8);
    Scoreboard sb(table);
    sb.write(writing({ 7 }), 600, true, 10);
    EXPECT_EQ(sb.waitFor(reading({ 3 }), 11).readyCycle, 11u);
    const RegisterWait wait = sb.waitFor(reading({ 3, 7 }), 11);
    EXPECT_EQ(wait.readyCycle, 600u);
    EXPECT_TRUE(wait.memory);
    EXPECT_EQ(sb.waitFor(reading({ 3, 7 }), 600).readyCycle, 600u); // arrived
}

TEST(Scoreboard, ANewWriteReplacesThePendingOneAndArrivedEntriesAreForgotten)
{
    // best-practices-guide-current.txt §10.2: a result is usable once its latency has passed; the later write of
    // a register decides when its reader may issue, whether it arrives earlier or later than the one before.
    std::vector<std::uint8_t> table(4);
    Scoreboard sb(table);
    sb.write(writing({ 1, 2 }), 600, true, 0); // a load of two registers
    sb.write(writing({ 2 }), 30, false, 5); // register 2 rewritten by arithmetic while the load is in flight
    EXPECT_EQ(sb.waitFor(reading({ 1 }), 6).readyCycle, 600u);
    const RegisterWait two = sb.waitFor(reading({ 2 }), 6);
    EXPECT_EQ(two.readyCycle, 30u);
    EXPECT_FALSE(two.memory);
    sb.write(writing({ 3 }), 700, true, 40); // register 2 has arrived
    EXPECT_EQ(sb.waitFor(reading({ 3 }), 41).readyCycle, 700u);
    EXPECT_EQ(sb.waitFor(reading({ 2 }), 41).readyCycle, 41u);
    sb.write(writing({ 3 }), 50, false, 45);
    EXPECT_EQ(sb.waitFor(reading({ 3 }), 46).readyCycle, 50u);
}

TEST(Scoreboard, AFullScoreboardKeepsTheLaterArrivals)
{
    std::vector<std::uint8_t> table(128);
    Scoreboard sb(table);
    for (RegKey r = 0; r < Scoreboard::kEntries; ++r)
        sb.write(writing({ r }), 1000 + r, true, 0);
    sb.write(writing({ 100 }), 5000, true, 1); // takes the place of register 0, the earliest arrival
    EXPECT_EQ(sb.waitFor(reading({ 100 }), 2).readyCycle, 5000u);
    EXPECT_EQ(sb.waitFor(reading({ 0 }), 2).readyCycle, 2u);
    EXPECT_EQ(sb.waitFor(reading({ 1 }), 2).readyCycle, 1001u);
    sb.write(writing({ 101 }), 5001, true, 1); // then of register 1
    EXPECT_EQ(sb.waitFor(reading({ 100 }), 2).readyCycle, 5000u);
    EXPECT_EQ(sb.waitFor(reading({ 1 }), 2).readyCycle, 2u);
}

TEST(Scoreboard, OfTwoSourcesArrivingTogetherTheOlderEntryNamesTheStall)
{
    // A load's result and an arithmetic one arriving in the same cycle: the entry made first decides whether the
    // reader waits on memory; an entry made anew after its register arrived counts as the newer.
    std::vector<std::uint8_t> table(8);
    Scoreboard sb(table);
    sb.write(writing({ 1 }), 100, true, 0);
    sb.write(writing({ 2 }), 100, false, 1);
    EXPECT_TRUE(sb.waitFor(reading({ 2, 1 }), 2).memory);
    sb.write(writing({ 3 }), 20, false, 2);
    sb.write(writing({ 4 }), 200, false, 3);
    sb.write(writing({ 3 }), 200, true, 30); // register 3 arrived at 20: its new entry comes after register 4's
    const RegisterWait wait = sb.waitFor(reading({ 3, 4 }), 31);
    EXPECT_EQ(wait.readyCycle, 200u);
    EXPECT_FALSE(wait.memory);
}

TEST(Scoreboard, SettledTicketsBecomeArrivalCyclesAndClearEmptiesIt)
{
    std::vector<std::uint8_t> table(8);
    Scoreboard sb(table);
    const std::uint64_t ticket = kTicketBase + 5;
    sb.write(writing({ 1, 2 }), ticket, true, 10);
    EXPECT_EQ(sb.waitFor(reading({ 2 }), 11).readyCycle, ticket);
    sb.settle(ticket, 400);
    EXPECT_EQ(sb.waitFor(reading({ 1 }), 16).readyCycle, 400u);
    sb.clear();
    EXPECT_EQ(sb.waitFor(reading({ 1, 2 }), 17).readyCycle, 17u);
}

TEST(Scoreboard, AnswersAsTheListOfEntriesDoesOnRandomWarps)
{
    // Writes of one to three distinct registers arriving soon, late, at a ticket or already; lookups of up to four; tickets
    // settled; warps ending — every lookup against the list the rule describes, with the list often full.
    for (const std::uint32_t registers : { 12u, 60u, 200u }) {
        std::mt19937_64 random(registers);
        std::vector<std::uint8_t> table(registers);
        Scoreboard sb(table);
        ListScoreboard reference;
        std::uint64_t now = 0;
        std::uint64_t nextTicket = kTicketBase;
        std::vector<std::uint64_t> tickets;
        const auto pick = [&](std::uint32_t most) {
            std::set<RegKey> regs;
            const auto count = static_cast<std::uint32_t>(random() % (most + 1));
            while (regs.size() < count)
                regs.insert(static_cast<RegKey>(random() % registers));
            return regs;
        };
        for (int step = 0; step < 200000; ++step) {
            now += random() % 3;
            const std::uint64_t what = random() % 100;
            if (what < 45) {
                StaticInstruction w;
                for (const RegKey r : pick(3))
                    w.dst[w.dstCount++] = r;
                const std::uint64_t kind = random() % 10;
                std::uint64_t ready = now + 1 + random() % 40;
                if (kind == 0) {
                    ready = nextTicket++;
                    tickets.push_back(ready);
                } else if (kind == 1) {
                    ready = now - std::min<std::uint64_t>(now, random() % 3);
                } else if (kind < 4) {
                    ready = now + 200 + random() % 4; // long, and often equal to another's
                }
                const bool memory = random() % 2 == 0;
                sb.write(w, ready, memory, now);
                reference.write(w, ready, memory, now);
            } else if (what < 95) {
                StaticInstruction r;
                for (const RegKey s : pick(4))
                    r.src[r.srcCount++] = s;
                const RegisterWait got = sb.waitFor(r, now);
                const RegisterWait want = reference.waitFor(r, now);
                ASSERT_EQ(got.readyCycle, want.readyCycle) << "step " << step << ", " << registers << " registers";
                ASSERT_EQ(got.memory, want.memory) << "step " << step << ", " << registers << " registers";
            } else if (what < 99 && !tickets.empty()) {
                const std::uint64_t cycle = now + random() % 300;
                sb.settle(tickets.front(), cycle);
                reference.settle(tickets.front(), cycle);
                tickets.erase(tickets.begin());
            } else if (what == 99 && random() % 20 == 0) {
                sb.clear();
                reference.clear();
            }
        }
    }
}

TEST(StaticInstruction, RegistersAreNumberedInTheOrderTheyFirstAppear)
{
    const auto m = simt_testing::corpus("offset_copy");
    std::vector<StaticInstruction> table = analyzeFunction(m.functions.front());
    std::vector<std::pair<RegKey, RegKey>> keys; // (key, number) of every operand
    std::vector<StaticInstruction> numbered = table;
    numberRegisters(numbered);
    for (std::size_t pc = 0; pc < table.size(); ++pc) {
        for (std::uint8_t i = 0; i < table[pc].srcCount; ++i)
            keys.emplace_back(table[pc].src[i], numbered[pc].src[i]);
        for (std::uint8_t i = 0; i < table[pc].dstCount; ++i)
            keys.emplace_back(table[pc].dst[i], numbered[pc].dst[i]);
    }
    std::set<RegKey> distinct;
    RegKey next = 0;
    for (const auto& [key, number] : keys) {
        if (distinct.insert(key).second) {
            EXPECT_EQ(number, next++);
        }
        for (const auto& [otherKey, otherNumber] : keys)
            EXPECT_EQ(key == otherKey, number == otherNumber);
    }
    EXPECT_GT(distinct.size(), 3u);
    EXPECT_EQ(registerCount(numbered), distinct.size());
    EXPECT_EQ(registerCount({}), 0u);
}

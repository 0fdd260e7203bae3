// PendingFills, what a share of the partitioned L2 pass keeps per line it sent fills to in a window: found, dropped
// and made anew as the hash map it replaced did, for a few lines or thousands, and empty again after each window.
#include "engine/timing/pending_fills.h"

#include <gtest/gtest.h>

#include <map>
#include <vector>

using engine::timing::CacheLine;
using engine::timing::PendingFills;

TEST(PendingFills, LinesAreFoundDroppedAndMadeAnewAsByAMap)
{
    std::vector<CacheLine> lines(5000);
    PendingFills<int> fills;
    for (int window = 0; window < 3; ++window) { // the second and third after a clear, with the room kept
        fills.clear();
        std::map<CacheLine*, int> expected;
        std::uint64_t state = 7 + static_cast<std::uint64_t>(window);
        for (int step = 0; step < 20000; ++step) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            CacheLine* line = &lines[(state >> 33) % (window == 0 ? 40 : lines.size())];
            switch ((state >> 20) % 3) {
            case 0: { // a fetch: the line's entry, made when it had none
                const auto [fill, made] = fills.emplace(line, step);
                const bool had = expected.count(line) != 0;
                EXPECT_EQ(made, !had);
                EXPECT_EQ(*fill, had ? expected[line] : step);
                expected.emplace(line, step);
                break;
            }
            case 1: // a new tag
                fills.drop(line);
                expected.erase(line);
                break;
            default: {
                const int* fill = fills.find(line);
                ASSERT_EQ(fill != nullptr, expected.count(line) != 0);
                if (fill) {
                    EXPECT_EQ(*fill, expected[line]);
                }
            }
            }
        }
        std::map<CacheLine*, int> live;
        fills.forEach([&live](CacheLine& line, int fill) { EXPECT_TRUE(live.emplace(&line, fill).second); });
        EXPECT_EQ(live, expected);
    }
    fills.clear();
    EXPECT_EQ(fills.find(&lines[0]), nullptr);
}

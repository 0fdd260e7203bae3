// LineIndex and WindowRequests::findLine: an SM's pending L1 lines found by address as a search of the list finds
// them, whether the window holds a few lines or thousands, and anew after a window is cleared.
#include "engine/timing/window_requests.h"

#include <gtest/gtest.h>

#include <cstdint>

using namespace engine::timing;

namespace {

/// A search of the list, what findLine answered before it kept an index.
const WindowRequests::PendingLine* searched(const WindowRequests& window, std::uint64_t address)
{
    for (const auto& line : window.lines) {
        if (line.address == address)
            return &line;
    }
    return nullptr;
}

} // namespace

TEST(LineIndex, FindsEveryPendingLineAsASearchOfTheListDoes)
{
    WindowRequests window;
    for (int round = 0; round < 3; ++round) { // the second and third after a clear, with the index's room kept
        window.clear();
        std::uint64_t state = 99 + static_cast<std::uint64_t>(round);
        for (std::uint32_t i = 0; i < 3000; ++i) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            const std::uint64_t address = ((state >> 33) % 5000) * 128 + (std::uint64_t { 1 } << 32);
            WindowRequests::PendingLine* found = window.findLine(address);
            ASSERT_EQ(found, searched(window, address)) << "round " << round << ", lookup " << i;
            if (found == nullptr) // as loadDeferred adds a line: only when none is pending
                window.lines.push_back(WindowRequests::PendingLine { address, i, WindowRequests::kNone });
        }
        EXPECT_GT(window.lines.size(), 2000u);
        // Lines of the same low bits but other high ones, and addresses never added.
        EXPECT_EQ(window.findLine(window.lines[7].address + (std::uint64_t { 1 } << 40)), nullptr);
        EXPECT_EQ(window.findLine(64), nullptr);
    }
}

TEST(LineIndex, AWindowOfFewLinesAfterOneOfThousandsFindsOnlyItsOwn)
{
    // The table grown for 3 000 lines stays; a window of 20 lines, cleared entry by entry, and one of 1 200, cleared
    // whole, each find only their own lines, as a search of the list does.
    WindowRequests window;
    std::uint64_t state = 5;
    for (const std::uint32_t lines : { 3000u, 20u, 20u, 1200u, 20u }) {
        window.clear();
        for (std::uint32_t i = 0; i < 2 * lines; ++i) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            const std::uint64_t address = ((state >> 33) % lines) * 128 + (std::uint64_t { 1 } << 32);
            WindowRequests::PendingLine* found = window.findLine(address);
            ASSERT_EQ(found, searched(window, address)) << lines << " lines, lookup " << i;
            if (found == nullptr)
                window.lines.push_back(WindowRequests::PendingLine { address, i, WindowRequests::kNone });
        }
        for (std::uint32_t line = 0; line < 3000; ++line) { // every address of the big window
            const std::uint64_t address = std::uint64_t { line } * 128 + (std::uint64_t { 1 } << 32);
            ASSERT_EQ(window.findLine(address), searched(window, address)) << lines << " lines, address " << line;
        }
    }
}

// A block run at the same time as others of its launch sees global memory through a WriteOverlay
// (write_overlay.h): its stores stay its own until commit, its loads see its own stores, and the bytes it read
// before writing them tell whether it saw what an earlier block of its batch wrote.
#include "engine/simt/write_overlay.h"

#include <gtest/gtest.h>

#include <cstring>

namespace {

using engine::simt::Allocation;
using engine::simt::MemoryOp;
using engine::simt::WriteOverlay;
using engine::simt::WrittenPages;

Allocation buffer(std::uint64_t bytes)
{
    Allocation a;
    a.name = "data";
    a.address = 0x10000;
    a.sizeBytes = bytes;
    a.bytes.assign(bytes, 0);
    for (std::uint64_t i = 0; i < bytes; ++i)
        a.bytes[i] = static_cast<std::uint8_t>(i);
    return a;
}

void storeWord(WriteOverlay& overlay, Allocation& a, std::uint64_t offset, std::uint32_t value)
{
    std::memcpy(overlay.access(a, offset, 4, MemoryOp::Store), &value, 4);
}

std::uint32_t loadWord(WriteOverlay& overlay, Allocation& a, std::uint64_t offset)
{
    std::uint32_t v = 0;
    std::memcpy(&v, overlay.access(a, offset, 4, MemoryOp::Load), 4);
    return v;
}

/// What committing a block does at once when no other batch runs: its writes count, and reach memory.
void commit(const WriteOverlay& overlay, WrittenPages& written)
{
    overlay.addWrites(written);
    overlay.writeBack();
}

TEST(WriteOverlay, AStoreStaysTheBlocksOwnUntilCommitted)
{
    Allocation a = buffer(3 * WriteOverlay::kPageBytes);
    const std::vector<std::uint8_t> before = a.bytes;
    WriteOverlay overlay;
    storeWord(overlay, a, 4100, 0xdeadbeef);
    EXPECT_EQ(a.bytes, before); // the launch's memory is untouched while the batch runs
    EXPECT_EQ(loadWord(overlay, a, 4100), 0xdeadbeefu); // the block sees its own store
    std::uint32_t old = 0;
    std::memcpy(&old, before.data() + 4104, 4);
    EXPECT_EQ(loadWord(overlay, a, 4104), old); // and the launch's bytes beside it

    WrittenPages written;
    commit(overlay, written);
    std::uint32_t now = 0;
    std::memcpy(&now, a.bytes.data() + 4100, 4);
    EXPECT_EQ(now, 0xdeadbeefu);
    for (std::uint64_t i = 0; i < a.sizeBytes; ++i) {
        if (i < 4100 || i >= 4104) {
            ASSERT_EQ(a.bytes[i], before[i]) << i; // only the bytes written are committed
        }
    }
}

TEST(WriteOverlay, WritesAddedToABatchReachMemoryOnlyWhenWrittenBack)
{
    // A batch committed while the next one runs (block_source.h): its blocks' writes count against the next batch's
    // reads at once, and reach the launch's memory, in the blocks' order, once that batch stopped reading it.
    Allocation a = buffer(2 * WriteOverlay::kPageBytes);
    const std::vector<std::uint8_t> before = a.bytes;
    WrittenPages written;
    WriteOverlay first;
    WriteOverlay second;
    storeWord(first, a, 64, 1);
    storeWord(first, a, 128, 3);
    storeWord(second, a, 64, 2); // the later block's value stays
    first.addWrites(written);
    second.addWrites(written);
    EXPECT_EQ(a.bytes, before);
    WriteOverlay next; // of the batch that ran meanwhile: read byte 130, which the first block wrote
    (void)next.access(a, 130, 1, MemoryOp::Load);
    EXPECT_TRUE(next.readsAny(written));
    first.writeBack();
    second.writeBack();
    EXPECT_EQ(loadWord(next, a, 64), 2u);
    EXPECT_EQ(loadWord(next, a, 128), 3u);
    std::uint32_t old = 0;
    std::memcpy(&old, before.data() + 132, 4);
    EXPECT_EQ(loadWord(next, a, 132), old);
}

TEST(WriteOverlay, ABlockThatReadWhatAnEarlierBlockWroteIsFound)
{
    Allocation a = buffer(2 * WriteOverlay::kPageBytes);
    WrittenPages written;
    WriteOverlay first;
    storeWord(first, a, 64, 1); // bytes 64..67
    commit(first, written);

    WriteOverlay overlapping; // reads 66..69: two of the bytes the first block wrote
    (void)overlapping.access(a, 66, 2, MemoryOp::Load);
    (void)overlapping.access(a, 68, 2, MemoryOp::Load);
    EXPECT_TRUE(overlapping.readsAny(written));

    WriteOverlay beside; // reads 68..71 and another page: none of them
    (void)loadWord(beside, a, 68);
    (void)loadWord(beside, a, WriteOverlay::kPageBytes + 64);
    EXPECT_FALSE(beside.readsAny(written));

    WriteOverlay ownFirst; // writes 64..67 before reading them: it read its own value, as serially
    storeWord(ownFirst, a, 64, 2);
    EXPECT_EQ(loadWord(ownFirst, a, 64), 2u);
    EXPECT_FALSE(ownFirst.readsAny(written));

    WriteOverlay atomic; // an atomic reads what it updates
    (void)atomic.access(a, 64, 4, MemoryOp::Atomic);
    EXPECT_TRUE(atomic.readsAny(written));
}

TEST(WriteOverlay, PagesAroundTheWrittenOnesAreReadAndOnlyTheWrittenBytesCount)
{
    // The earlier blocks wrote pages 3 and 5 of 8; a later block's pages below, between and above them are
    // passed over by address (WrittenPages::lowest/highest), and still one byte read on page 5 is found.
    Allocation a = buffer(8 * WriteOverlay::kPageBytes);
    WrittenPages written;
    WriteOverlay first;
    storeWord(first, a, 3 * WriteOverlay::kPageBytes + 8, 1);
    storeWord(first, a, 5 * WriteOverlay::kPageBytes + 8, 2);
    commit(first, written);
    EXPECT_EQ(written.lowest, a.address + 3 * WriteOverlay::kPageBytes);
    EXPECT_EQ(written.highest, a.address + 5 * WriteOverlay::kPageBytes);

    WriteOverlay around; // every page but at other bytes, and pages 0 and 7 outside the span
    for (std::uint64_t page = 0; page < 8; ++page)
        (void)loadWord(around, a, page * WriteOverlay::kPageBytes + 16);
    EXPECT_FALSE(around.readsAny(written));
    WriteOverlay outside; // pages 0 and 7 only: no page inside the span
    (void)loadWord(outside, a, 8);
    (void)loadWord(outside, a, 7 * WriteOverlay::kPageBytes + 8);
    EXPECT_FALSE(outside.readsAny(written));
    WriteOverlay between; // page 4, then the written bytes of page 5
    (void)loadWord(between, a, 4 * WriteOverlay::kPageBytes + 8);
    (void)loadWord(between, a, 5 * WriteOverlay::kPageBytes + 10);
    EXPECT_TRUE(between.readsAny(written));

    // A block that only wrote commits only its pages, and a page it reused from an earlier block does not carry
    // that block's copy.
    WriteOverlay reused;
    storeWord(reused, a, 6 * WriteOverlay::kPageBytes, 9);
    reused.clear();
    (void)loadWord(reused, a, 6 * WriteOverlay::kPageBytes);
    storeWord(reused, a, 2 * WriteOverlay::kPageBytes, 7);
    const std::vector<std::uint8_t> before = a.bytes;
    commit(reused, written);
    std::uint32_t v = 0;
    std::memcpy(&v, a.bytes.data() + 6 * WriteOverlay::kPageBytes, 4);
    EXPECT_EQ(0, std::memcmp(&v, before.data() + 6 * WriteOverlay::kPageBytes, 4)); // read, not written
    std::memcpy(&v, a.bytes.data() + 2 * WriteOverlay::kPageBytes, 4);
    EXPECT_EQ(v, 7u);
    EXPECT_EQ(written.lowest, a.address + 2 * WriteOverlay::kPageBytes);
}

TEST(WriteOverlay, BlocksWritingOnePageKeepEachOthersBytes)
{
    Allocation a = buffer(WriteOverlay::kPageBytes);
    WriteOverlay early;
    WriteOverlay late;
    storeWord(early, a, 0, 11);
    storeWord(late, a, 4, 22); // its copy of the page still holds the old bytes 0..3
    storeWord(late, a, 8, 33);
    storeWord(early, a, 8, 44); // both write 8..11: the later block's value remains
    WrittenPages written;
    commit(early, written);
    commit(late, written);
    std::uint32_t words[3] = {};
    std::memcpy(words, a.bytes.data(), sizeof(words));
    EXPECT_EQ(words[0], 11u);
    EXPECT_EQ(words[1], 22u);
    EXPECT_EQ(words[2], 33u);
}

// writeBack copies each run of written bytes at once, runs across the 64-byte words of a page's bits included: every
// written byte reaches memory and no other does, whatever the runs — whole pages, runs ending on a word's last byte
// or starting on its first, single bytes, a page's last byte.
TEST(WriteOverlay, EveryWrittenByteAndNoOtherReachesMemory)
{
    std::uint64_t state = 777;
    const auto draw = [&state](std::uint64_t n) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return (state >> 33) % n;
    };
    constexpr std::uint64_t kPage = WriteOverlay::kPageBytes;
    for (int round = 0; round < 40; ++round) {
        Allocation a = buffer(2 * kPage);
        std::vector<std::uint8_t> expected = a.bytes;
        WriteOverlay overlay;
        const auto store = [&](std::uint64_t offset, std::uint8_t value) {
            *overlay.access(a, offset, 1, MemoryOp::Store) = value;
            expected[offset] = value;
        };
        if (round == 0) {
            for (std::uint64_t b = 0; b < kPage; ++b) // a whole page: one run
                store(b, 0xA5);
        }
        for (int run = 0; run < 1 + round % 8; ++run) {
            const std::uint64_t first = round % 4 == 1 ? 64 * draw(2 * kPage / 64) : draw(2 * kPage);
            const std::uint64_t length = 1 + draw(round % 2 == 0 ? 300 : 3);
            for (std::uint64_t b = first; b < std::min(first + length, 2 * kPage); ++b)
                store(b, static_cast<std::uint8_t>(0x80 + run));
        }
        store(kPage - 1, 0x11); // the first page's last byte
        EXPECT_EQ(a.bytes, buffer(2 * kPage).bytes); // the stores stay in the overlay until written back
        overlay.writeBack();
        ASSERT_EQ(a.bytes, expected) << "round " << round;
    }
}

TEST(WriteOverlay, TheLastPageOfAnAllocationMayBeShort)
{
    Allocation a = buffer(300);
    WriteOverlay overlay;
    storeWord(overlay, a, 296, 7);
    EXPECT_EQ(loadWord(overlay, a, 292), 0x27262524u); // bytes 292..295 as they were
    WrittenPages written;
    commit(overlay, written);
    std::uint32_t v = 0;
    std::memcpy(&v, a.bytes.data() + 296, 4);
    EXPECT_EQ(v, 7u);
    EXPECT_FALSE(overlay.abandoned());
}

TEST(WriteOverlay, AnAccessAcrossPagesGivesTheBlockUp)
{
    Allocation a = buffer(2 * WriteOverlay::kPageBytes);
    WriteOverlay overlay;
    (void)overlay.access(a, WriteOverlay::kPageBytes - 16, 32, MemoryOp::Store); // a 32-byte matrix row
    EXPECT_TRUE(overlay.abandoned());
    overlay.clear();
    EXPECT_FALSE(overlay.abandoned());
    (void)overlay.access(a, WriteOverlay::kPageBytes - 32, 32, MemoryOp::Store);
    EXPECT_FALSE(overlay.abandoned());
}

// A warp's access with each page looked up once for the lanes in a row in it (accessLanes), against the same lanes
// through access() one by one: random loads, stores and atomics of 1 to 16 bytes over one to three pages, some lanes
// off, some lanes on the same element, lanes in any order; and whole warps of elements one after the other.
TEST(WriteOverlay, AWarpsAccessMarksAndPointsAsItsLanesOneByOneDo)
{
    std::uint64_t state = 12345;
    const auto draw = [&state](std::uint64_t n) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return (state >> 33) % n;
    };
    Allocation byPage = buffer(3 * WriteOverlay::kPageBytes);
    Allocation byLane = buffer(3 * WriteOverlay::kPageBytes);
    WriteOverlay warp;
    WriteOverlay lanes;
    constexpr MemoryOp kOps[] = { MemoryOp::Load, MemoryOp::Store, MemoryOp::Atomic };
    for (int access = 0; access < 400; ++access) {
        const std::uint32_t size = 1u << draw(5);
        const MemoryOp op = kOps[draw(3)];
        // A third of the accesses are a whole warp's elements one after the other (accessRow), in a page or across two.
        const bool row = draw(3) == 0;
        const auto mask = row ? ~0u : static_cast<std::uint32_t>(draw(1u << 16) | draw(1u << 16) << 16) | 1u;
        const std::uint64_t elements = byPage.sizeBytes / size;
        const std::uint64_t spread = row ? 32 : 1 + draw(elements); // elements the lanes fall in, from the first on
        const std::uint64_t first = draw(elements - spread + 1);
        std::array<std::uint64_t, 32> offsets {};
        for (std::size_t l = 0; l < offsets.size(); ++l)
            offsets[l] = (first + (row ? l : draw(spread))) * size;
        std::array<std::uint8_t*, 32> pointers {};
        warp.accessLanes(byPage, offsets, mask, size, op, pointers);
        for (std::size_t l = 0; l < 32; ++l) {
            if (((mask >> l) & 1u) == 0) {
                ASSERT_EQ(pointers[l], nullptr);
                continue;
            }
            std::uint8_t* one = lanes.access(byLane, offsets[l], size, op);
            // Both overlays hold the same bytes where the lane points: its memory, or its copy of the page.
            ASSERT_EQ(pointers[l] == byPage.bytes.data() + offsets[l], one == byLane.bytes.data() + offsets[l])
                << access;
            if (op != MemoryOp::Load) { // the lane's store goes to both
                const auto value = static_cast<std::uint8_t>(draw(256));
                std::memset(pointers[l], value, size);
                std::memset(one, value, size);
            } else {
                ASSERT_EQ(std::memcmp(pointers[l], one, size), 0) << access;
            }
        }
    }
    WrittenPages writtenByPage;
    WrittenPages writtenByLane;
    commit(warp, writtenByPage);
    commit(lanes, writtenByLane);
    EXPECT_EQ(byPage.bytes, byLane.bytes);
    ASSERT_EQ(writtenByPage.pages.size(), writtenByLane.pages.size());
    for (const auto& [key, bits] : writtenByLane.pages)
        EXPECT_EQ(writtenByPage.pages.at(key).words, bits.words) << key;
    // What each read before writing: the bytes of one element at a time, committed by another block.
    for (std::uint64_t offset = 0; offset < byLane.sizeBytes; offset += 8) {
        WrittenPages one;
        WriteOverlay other;
        storeWord(other, byLane, offset, 0);
        commit(other, one);
        ASSERT_EQ(warp.readsAny(one), lanes.readsAny(one)) << offset;
    }
}

} // namespace

// What the block sees through its overlay against a plain copy of the memory that its stores change: random loads,
// stores and atomics, lane by lane and warp by warp (accessRow's rows too), over three pages and a short fourth. A
// page's copy holds only the block's stores until the block reads it; then every load still sees the memory where
// the block did not write, the memory itself stays unchanged, and writeBack leaves it as the block saw it.
TEST(WriteOverlay, ABlockSeesTheMemoryWithItsOwnStoresWhateverItReadsAndWrites)
{
    std::uint64_t state = 99;
    const auto draw = [&state](std::uint64_t n) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return (state >> 33) % n;
    };
    constexpr MemoryOp kOps[] = { MemoryOp::Load, MemoryOp::Store, MemoryOp::Atomic };
    for (int block = 0; block < 20; ++block) {
        Allocation a = buffer(3 * WriteOverlay::kPageBytes + 200);
        const std::vector<std::uint8_t> before = a.bytes;
        std::vector<std::uint8_t> seen = a.bytes; // the memory as the block's own run changes it
        WriteOverlay overlay;
        for (int access = 0; access < 300; ++access) {
            const std::uint32_t size = 1u << draw(4);
            const MemoryOp op = kOps[draw(3)];
            const std::uint64_t elements = a.sizeBytes / size;
            std::array<std::uint64_t, 32> offsets {};
            std::array<std::uint8_t*, 32> pointers {};
            const std::uint64_t first = draw(elements - 32);
            const bool row = draw(2) == 0;
            for (std::size_t l = 0; l < offsets.size(); ++l) // lanes on one element write it in lane order
                offsets[l] = (row ? first + l : draw(elements)) * size;
            const auto mask = row ? ~0u : static_cast<std::uint32_t>(draw(1u << 16) | draw(1u << 16) << 16) | 1u;
            if (draw(2) == 0) {
                overlay.accessLanes(a, offsets, mask, size, op, pointers);
            } else {
                for (std::size_t l = 0; l < 32; ++l)
                    pointers[l] = ((mask >> l) & 1u) != 0 ? overlay.access(a, offsets[l], size, op) : nullptr;
            }
            for (std::size_t l = 0; l < 32; ++l) {
                if (((mask >> l) & 1u) == 0)
                    continue;
                if (op != MemoryOp::Store) {
                    ASSERT_EQ(std::memcmp(pointers[l], seen.data() + offsets[l], size), 0) << block << " " << access;
                }
                if (op != MemoryOp::Load) {
                    const auto value = static_cast<std::uint8_t>(draw(256));
                    std::memset(pointers[l], value, size);
                    std::memset(seen.data() + offsets[l], value, size);
                }
            }
        }
        ASSERT_EQ(a.bytes, before) << block;
        overlay.writeBack();
        ASSERT_EQ(a.bytes, seen) << block;
    }
}

// readWholeUnwritten: a load of an allocation that no earlier block wrote (as the batch knows at its start) and the
// block itself did not write reads memory straight, marking nothing, and the block counts as having read all of it.
TEST(WriteOverlay, ALoadOfAnAllocationNoBlockWroteReadsItWholeAndAnEarlierWriteAnywhereInItIsFound)
{
    Allocation input = buffer(2 * WriteOverlay::kPageBytes);
    Allocation output = buffer(4 * WriteOverlay::kPageBytes);
    output.address = 0x40000;
    const std::vector<std::uint64_t> none;
    WrittenPages written;

    WriteOverlay first;
    first.readWholeUnwritten(&none);
    EXPECT_EQ(first.access(input, 64, 4, MemoryOp::Load), input.bytes.data() + 64); // memory itself
    storeWord(first, output, 8, 5);
    EXPECT_EQ(first.writtenAllocations(), std::vector<std::uint64_t> { output.address });
    EXPECT_FALSE(first.readsAny(written));
    commit(first, written);
    EXPECT_EQ(written.allocations, std::vector<std::uint64_t> { output.address });

    // Not known as written when its batch began, the output is read whole: a load three pages away from the bytes
    // the first block wrote is a conflict all the same (the block runs again serially).
    WriteOverlay unknowing;
    unknowing.readWholeUnwritten(&none);
    (void)loadWord(unknowing, output, 3 * WriteOverlay::kPageBytes);
    EXPECT_TRUE(unknowing.readsAny(written));

    // Known, it is marked byte by byte again; the input, which no block wrote, is still read whole.
    const std::vector<std::uint64_t> known { output.address };
    WriteOverlay knowing;
    knowing.readWholeUnwritten(&known);
    (void)loadWord(knowing, output, 3 * WriteOverlay::kPageBytes);
    (void)loadWord(knowing, input, 128);
    EXPECT_FALSE(knowing.readsAny(written));
    (void)loadWord(knowing, output, 10); // two of the first block's bytes
    EXPECT_TRUE(knowing.readsAny(written));

    // A block that writes an allocation it read whole reads its own stores from then on.
    WriteOverlay own;
    own.readWholeUnwritten(&none);
    (void)loadWord(own, input, 256);
    storeWord(own, input, 256, 77);
    EXPECT_EQ(loadWord(own, input, 256), 77u);
    EXPECT_NE(own.access(input, 256, 4, MemoryOp::Load), input.bytes.data() + 256);
    EXPECT_EQ(own.writtenAllocations(), std::vector<std::uint64_t> { input.address });
    std::uint32_t memory = 0;
    std::memcpy(&memory, input.bytes.data() + 256, 4);
    EXPECT_NE(memory, 77u); // memory keeps its bytes until the block is committed

    // clear() forgets the list: the next block marks every load until told again.
    own.clear();
    EXPECT_TRUE(own.writtenAllocations().empty());
    (void)loadWord(own, output, 3 * WriteOverlay::kPageBytes);
    EXPECT_FALSE(own.readsAny(written)); // marked byte by byte: not the first block's bytes
}

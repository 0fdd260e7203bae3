#include "engine/host/buffer_contents.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace {

engine::ResolvedBuffer buffer(engine::ElementType type, std::uint64_t count, engine::BufferInit init)
{
    return engine::ResolvedBuffer { "b", type, count, count * engine::elementBytes(type), std::move(init), false, false };
}

engine::BufferInit makeInit(engine::BufferInit::Kind kind, std::uint64_t seed = 0)
{
    engine::BufferInit init;
    init.kind = kind;
    init.seed = seed;
    return init;
}

template <typename T>
T element(const std::vector<std::uint8_t>& bytes, std::size_t index)
{
    T value;
    std::memcpy(&value, bytes.data() + index * sizeof(T), sizeof(T));
    return value;
}

TEST(BufferContents, IotaConvertsToTheElementType)
{
    const auto f = initialContents(buffer(engine::ElementType::F32, 5, makeInit(engine::BufferInit::Kind::Iota)));
    ASSERT_TRUE(f.ok());
    EXPECT_EQ(element<float>(*f, 4), 4.0f);
    const auto u8 = initialContents(buffer(engine::ElementType::U8, 300, makeInit(engine::BufferInit::Kind::Iota)));
    EXPECT_EQ(element<std::uint8_t>(*u8, 299), 43); // wraps like a C cast
}

TEST(BufferContents, RandomIsDeterministicAndFloatsAreInUnitInterval)
{
    auto init = makeInit(engine::BufferInit::Kind::Random, 42);
    const auto a = initialContents(buffer(engine::ElementType::F32, 1000, init));
    const auto b = initialContents(buffer(engine::ElementType::F32, 1000, init));
    EXPECT_EQ(*a, *b);
    for (std::size_t i = 0; i < 1000; ++i) {
        const float x = element<float>(*a, i);
        EXPECT_GE(x, 0.0f);
        EXPECT_LT(x, 1.0f);
    }
    init.seed = 43;
    EXPECT_NE(*a, *initialContents(buffer(engine::ElementType::F32, 1000, init)));
}

TEST(BufferContents, FillAndZero)
{
    auto fill = makeInit(engine::BufferInit::Kind::Fill);
    fill.fillValue = -2;
    const auto i32 = initialContents(buffer(engine::ElementType::I32, 3, fill));
    EXPECT_EQ(element<std::int32_t>(*i32, 2), -2);
    const auto zero = initialContents(buffer(engine::ElementType::F64, 3, {}));
    EXPECT_EQ(element<double>(*zero, 1), 0.0);
}

TEST(BufferContents, EveryElementTypeConvertsAsACCast)
{
    // Element 300 of an iota, and a fill of -2, in each of the twelve types: integers wrap, .f16 and .bf16 round to
    // nearest even (300 is 1.171875 × 2^8: .f16 0x5cb0, .bf16 0x4396).
    using engine::ElementType;
    const auto iota = [](ElementType type) {
        return *initialContents(buffer(type, 301, makeInit(engine::BufferInit::Kind::Iota)));
    };
    auto minusTwo = makeInit(engine::BufferInit::Kind::Fill);
    minusTwo.fillValue = -2;
    const auto fill = [&minusTwo](ElementType type) { return *initialContents(buffer(type, 2, minusTwo)); };
    EXPECT_EQ(element<std::int8_t>(iota(ElementType::I8), 300), 44);
    EXPECT_EQ(element<std::uint8_t>(iota(ElementType::U8), 300), 44);
    EXPECT_EQ(element<std::int16_t>(iota(ElementType::I16), 300), 300);
    EXPECT_EQ(element<std::uint16_t>(iota(ElementType::U16), 300), 300);
    EXPECT_EQ(element<std::int32_t>(iota(ElementType::I32), 300), 300);
    EXPECT_EQ(element<std::uint32_t>(iota(ElementType::U32), 300), 300u);
    EXPECT_EQ(element<std::int64_t>(iota(ElementType::I64), 300), 300);
    EXPECT_EQ(element<std::uint64_t>(iota(ElementType::U64), 300), 300u);
    EXPECT_EQ(element<float>(iota(ElementType::F32), 300), 300.0f);
    EXPECT_EQ(element<double>(iota(ElementType::F64), 300), 300.0);
    EXPECT_EQ(element<std::uint16_t>(iota(ElementType::F16), 300), 0x5cb0);
    EXPECT_EQ(element<std::uint16_t>(iota(ElementType::BF16), 300), 0x4396);
    EXPECT_EQ(element<std::int8_t>(fill(ElementType::I8), 1), -2);
    EXPECT_EQ(element<std::uint8_t>(fill(ElementType::U8), 1), 254);
    EXPECT_EQ(element<std::int64_t>(fill(ElementType::I64), 1), -2);
    EXPECT_EQ(element<std::uint16_t>(fill(ElementType::F16), 1), 0xc000);
}

TEST(BufferContents, ZeroedStorageGivesEveryBufferItsSizeWhateverTheThreads)
{
    // Two buffers large enough for threads of their own (8 MB and more) beside two small ones.
    const std::vector<engine::ResolvedBuffer> buffers {
        buffer(engine::ElementType::F32, std::uint64_t { 3 } << 20, {}),
        buffer(engine::ElementType::U8, 100, {}),
        buffer(engine::ElementType::F64, (std::uint64_t { 1 } << 20) + 7, {}),
        buffer(engine::ElementType::I32, 0, {}),
    };
    for (const unsigned threads : { 1u, 2u, 5u }) {
        const auto storage = engine::zeroedStorage(buffers, threads);
        ASSERT_EQ(storage.size(), buffers.size());
        for (std::size_t i = 0; i < buffers.size(); ++i) {
            ASSERT_EQ(storage[i].size(), buffers[i].bytes) << "buffer " << i << ", " << threads << " threads";
            EXPECT_TRUE(std::all_of(storage[i].begin(), storage[i].end(), [](std::uint8_t b) { return b == 0; }));
        }
    }
}

TEST(BufferContents, FileMustMatchTheBufferSize)
{
    const auto path = std::filesystem::temp_directory_path() / "warpscope-buffer-contents.bin";
    std::ofstream(path, std::ios::binary) << "abcdefgh";
    auto init = makeInit(engine::BufferInit::Kind::File);
    init.file = path;
    const auto ok = initialContents(buffer(engine::ElementType::U32, 2, init));
    ASSERT_TRUE(ok.ok());
    EXPECT_EQ((*ok)[7], 'h');
    const auto wrong = initialContents(buffer(engine::ElementType::U32, 3, init));
    ASSERT_FALSE(wrong.ok());
    EXPECT_EQ(wrong.error().message, "holds 8 bytes but buffer 'b' has 12");
    std::filesystem::remove(path);
}

} // namespace

TEST(BufferContents, EveryThreadCountFillsTheSameBytes)
{
    // Buffers of over three chunks (a million elements each): random draws taken from the middle of the stream, iota
    // values and fills are the one-thread bytes at 2, 3 and 7 threads.
    constexpr std::uint64_t kCount = (std::uint64_t { 1 } << 20) * 3 + 12345;
    engine::BufferInit fill = makeInit(engine::BufferInit::Kind::Fill);
    fill.fillValue = -3;
    const std::vector<engine::ResolvedBuffer> buffers {
        buffer(engine::ElementType::F32, kCount, makeInit(engine::BufferInit::Kind::Random, 42)),
        buffer(engine::ElementType::U64, kCount, makeInit(engine::BufferInit::Kind::Random, 7)),
        buffer(engine::ElementType::F64, kCount, makeInit(engine::BufferInit::Kind::Iota)),
        buffer(engine::ElementType::I16, kCount, fill),
    };
    for (const auto& b : buffers) {
        const auto one = initialContents(b, 1);
        ASSERT_TRUE(one.ok());
        for (const unsigned threads : { 2u, 3u, 7u }) {
            const auto many = initialContents(b, threads);
            ASSERT_TRUE(many.ok());
            EXPECT_TRUE(*many == *one) << elementBytes(b.type) << "-byte elements, " << threads << " threads";
        }
    }
}

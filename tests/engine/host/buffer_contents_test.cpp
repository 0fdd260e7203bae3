#include "engine/host/buffer_contents.h"

#include <gtest/gtest.h>

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

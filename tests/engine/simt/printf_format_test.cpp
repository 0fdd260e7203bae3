// Device printf formatting (CUDA C++ Programming Guide, "Formatted Output") and the printf buffer.
#include "engine/simt/printf_format.h"
#include "engine/simt/printf_log.h"

#include <bit>
#include <cstring>
#include <gtest/gtest.h>
#include <map>

namespace {

using engine::simt::formatPrintf;
using engine::simt::PrintfLine;
using engine::simt::PrintfLog;

/// The argument buffer nvcc packs for vprintf: each value aligned to its size.
class PackedArgs final : public engine::simt::PrintfArguments {
public:
    PackedArgs& i32(std::int32_t v) { return put(static_cast<std::uint32_t>(v), 4); }
    PackedArgs& i64(std::int64_t v) { return put(static_cast<std::uint64_t>(v), 8); }
    PackedArgs& f64(double v) { return put(std::bit_cast<std::uint64_t>(v), 8); }
    PackedArgs& str(std::uint64_t address, std::string text)
    {
        m_strings[address] = std::move(text);
        return put(address, 8);
    }

    engine::Result<std::uint64_t> next(std::uint32_t bytes) override
    {
        m_read = (m_read + bytes - 1) / bytes * bytes;
        if (m_read + bytes > m_bytes.size())
            return engine::Error(engine::ErrorCode::InvalidArgument, "past the argument buffer");
        std::uint64_t v = 0;
        std::memcpy(&v, m_bytes.data() + m_read, bytes);
        m_read += bytes;
        return v;
    }

    engine::Result<std::string> string(std::uint64_t address) override
    {
        auto it = m_strings.find(address);
        if (it == m_strings.end())
            return engine::Error(engine::ErrorCode::InvalidArgument, "bad string address");
        return it->second;
    }

private:
    PackedArgs& put(std::uint64_t v, std::size_t bytes)
    {
        m_bytes.resize((m_bytes.size() + bytes - 1) / bytes * bytes + bytes);
        std::memcpy(m_bytes.data() + m_bytes.size() - bytes, &v, bytes);
        return *this;
    }

    std::vector<std::uint8_t> m_bytes;
    std::size_t m_read = 0;
    std::map<std::uint64_t, std::string> m_strings;
};

std::string format(std::string_view f, PackedArgs& args)
{
    auto r = formatPrintf(f, args);
    if (!r)
        throw std::runtime_error(r.error().message);
    return r->text;
}

// The guide's example: printf("Hello thread %d, f=%f\n", threadIdx.x, f) with f = 1.2345f, promoted to double.
TEST(PrintfFormat, GuideHelloExample)
{
    PackedArgs args;
    args.i32(2).f64(static_cast<double>(1.2345f));
    auto r = formatPrintf("Hello thread %d, f=%f\n", args);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->text, "Hello thread 2, f=1.234500\n");
    EXPECT_EQ(r->argumentsParsed, 2);
}

TEST(PrintfFormat, IntegerConversionsFlagsAndWidths)
{
    PackedArgs args;
    args.i32(-7).i32(-7).i32(-7).i32(3054).i32(3054).i32(8).i32('Q').i32(42).i32(5).i32(255).i32(8);
    EXPECT_EQ(
        format("%d|%i|%u|%x|%X|%o|%c|%+05d|% d|%#x|%#o", args), "-7|-7|4294967289|bee|BEE|10|Q|+0042| 5|0xff|010");
}

TEST(PrintfFormat, LongLongArgumentsAreEightBytesAligned)
{
    PackedArgs args;
    args.i32(1).i64(-100000000001LL).i32(2).i64(static_cast<std::int64_t>(1ULL << 40));
    EXPECT_EQ(format("%d %lld %d %llu", args), "1 -100000000001 2 1099511627776");
}

TEST(PrintfFormat, FloatingConversions)
{
    PackedArgs args;
    args.f64(0.5).f64(12345.678).f64(1.0 / 3.0).f64(1.0).f64(-2.5).f64(1e-7);
    EXPECT_EQ(format("%8.3f|%-10.2e|%g|%a|%E|%G", args), "   0.500|1.23e+04  |0.333333|0x1p+0|-2.500000E+00|1E-07");
}

// Measured on the H100 (bench/hardware/h100/printf_coop): `%*d` takes its width, `%.*f` is printed as it is
// (the guide's precision field is digits only).
TEST(PrintfFormat, StringsStarsAndPercent)
{
    PackedArgs args;
    args.str(0x1000, "str").i32(6).i32(42).str(0x2000, "xyz");
    EXPECT_EQ(format("%5s|[%*d]|[%.*f]|%.2s|%%", args), "  str|[    42]|[%.*f]|xy|%");
}

// The H100 prints a NULL %s as "(null)" (bench/hardware/h100/printf_coop/run3_printf_coop.txt).
TEST(PrintfFormat, NullStringPrintsNull)
{
    PackedArgs args;
    args.i64(0);
    const auto r = formatPrintf("[%s]", args);
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->text, "[(null)]");
}

TEST(PrintfFormat, ReturnValueCountsArguments)
{
    PackedArgs none;
    auto r = formatPrintf("no arguments\n", none);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->argumentsParsed, 0);
}

// "printf() command can accept at most 32 arguments in addition to the format string. Additional arguments
// beyond this will be ignored, and the format specifier output as-is."
TEST(PrintfFormat, BeyondThirtyTwoArgumentsSpecifiersStayAsTheyAre)
{
    PackedArgs args;
    std::string f;
    std::string expected;
    for (int i = 0; i < 33; ++i) {
        args.i32(i);
        f += "%d ";
        expected += i < 32 ? std::to_string(i) + " " : "%d ";
    }
    auto r = formatPrintf(f, args);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->text, expected);
    EXPECT_EQ(r->argumentsParsed, 32);
}

TEST(PrintfFormat, MalformedFormatsAreErrors)
{
    PackedArgs args;
    args.i32(1);
    auto unknown = formatPrintf("value %q\n", args);
    ASSERT_FALSE(unknown);
    EXPECT_NE(unknown.error().message.find("unknown conversion '%q'"), std::string::npos);
    EXPECT_NE(unknown.error().message.find("offset 6"), std::string::npos);
    PackedArgs more;
    auto cut = formatPrintf("value %5", more);
    ASSERT_FALSE(cut);
    EXPECT_NE(cut.error().message.find("ends inside the specifier"), std::string::npos);
    PackedArgs empty;
    EXPECT_FALSE(formatPrintf("%d", empty)); // no argument where one is needed: the reader's error
}

// The guide: the buffer is circular and "older output is overwritten" when a launch prints more than fits.
TEST(PrintfLog, KeepsTheNewestLinesThatFit)
{
    PrintfLog log(64);
    for (int i = 0; i < 5; ++i)
        log.append(PrintfLine {{}, 0, {}, 0, 0, "line " + std::to_string(i)}, 24);
    ASSERT_EQ(log.lines().size(), 2u);
    EXPECT_EQ(log.lines().front().text, "line 3");
    EXPECT_EQ(log.lines().back().text, "line 4");
    EXPECT_EQ(log.droppedLines(), 3u);
    EXPECT_EQ(log.usedBytes(), 48u);
    log.append(PrintfLine {{}, 0, {}, 0, 0, "too big"}, 65);
    EXPECT_EQ(log.droppedLines(), 4u);
    EXPECT_EQ(log.lines().size(), 2u);
}

} // namespace

#include "engine/host/buffer_contents.h"

#include "engine/common/huge_pages.h"
#include "engine/common/parallel_chunks.h"
#include "engine/common/input_file.h"
#include "engine/simt/small_float.h"

#include <algorithm>
#include <cstring>
#include <fstream>

namespace engine {

namespace {

/// SplitMix64 (Steele, Lea, Flood 2014): small, fast, and the same on every platform.
class SplitMix64 {
public:
    /// The stream of `seed` from its draw `first` on (the state advances by the same constant per draw, so any
    /// point of the stream is one multiplication away: a buffer filled in chunks gets the serial stream's draws).
    explicit SplitMix64(std::uint64_t seed, std::uint64_t first = 0)
        : m_state(seed + first * kGamma)
    { }
    std::uint64_t next()
    {
        std::uint64_t z = (m_state += kGamma);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }

private:
    static constexpr std::uint64_t kGamma = 0x9e3779b97f4a7c15ull;
    std::uint64_t m_state;
};

/// Element `value` of `type` as a C cast gives it (to .f16/.bf16 rounding to nearest even, as __double2half and
/// __double2bfloat16 do); the integer types take `bits`, the value's bits as the buffer's kind gives them.
template <ElementType type> auto element(double value, std::uint64_t bits)
{
    if constexpr (type == ElementType::I8)
        return static_cast<std::int8_t>(bits);
    else if constexpr (type == ElementType::U8)
        return static_cast<std::uint8_t>(bits);
    else if constexpr (type == ElementType::I16)
        return static_cast<std::int16_t>(bits);
    else if constexpr (type == ElementType::U16)
        return static_cast<std::uint16_t>(bits);
    else if constexpr (type == ElementType::I32)
        return static_cast<std::int32_t>(bits);
    else if constexpr (type == ElementType::U32)
        return static_cast<std::uint32_t>(bits);
    else if constexpr (type == ElementType::I64)
        return static_cast<std::int64_t>(bits);
    else if constexpr (type == ElementType::U64)
        return bits;
    else if constexpr (type == ElementType::F32)
        return static_cast<float>(value);
    else if constexpr (type == ElementType::F64)
        return value;
    else if constexpr (type == ElementType::F16)
        return simt::toSmallFloat(value, simt::kHalf, ptx::Rounding::Rn);
    else
        return simt::toSmallFloat(value, simt::kBfloat16, ptx::Rounding::Rn);
}

/// One element as the buffer's kind gives it: its value, and its bits for the integer types.
struct Drawn {
    double value;
    std::uint64_t bits;
};

/// Elements [begin, end) of `type`: element i is what source(i) gives (a Drawn), called in index order. The
/// type is chosen once, not per element: a 16 M buffer's fill is a loop the compiler sees whole.
template <typename Source>
void fillAs(ElementType type, std::span<std::uint8_t> bytes, std::size_t begin, std::size_t end, Source source)
{
    const auto fill = [&]<ElementType T>() {
        for (std::size_t i = begin; i < end; ++i) {
            const auto [value, bits] = source(i);
            const auto e = element<T>(value, bits);
            std::memcpy(bytes.data() + i * sizeof(e), &e, sizeof(e));
        }
    };
    switch (type) {
    case ElementType::I8: return fill.template operator()<ElementType::I8>();
    case ElementType::U8: return fill.template operator()<ElementType::U8>();
    case ElementType::I16: return fill.template operator()<ElementType::I16>();
    case ElementType::U16: return fill.template operator()<ElementType::U16>();
    case ElementType::I32: return fill.template operator()<ElementType::I32>();
    case ElementType::U32: return fill.template operator()<ElementType::U32>();
    case ElementType::I64: return fill.template operator()<ElementType::I64>();
    case ElementType::U64: return fill.template operator()<ElementType::U64>();
    case ElementType::F32: return fill.template operator()<ElementType::F32>();
    case ElementType::F64: return fill.template operator()<ElementType::F64>();
    case ElementType::F16: return fill.template operator()<ElementType::F16>();
    case ElementType::BF16: return fill.template operator()<ElementType::BF16>();
    }
}

/// Bits of a random fraction in [0, 1): as many as the type's significand holds, so every draw is exact.
int randomMantissaBits(ElementType type)
{
    switch (type) {
    case ElementType::F32:
        return 24;
    case ElementType::F16:
        return 11;
    case ElementType::BF16:
        return 8;
    default:
        return 53;
    }
}

std::optional<Error> fromFile(const ResolvedBuffer& buffer, std::span<std::uint8_t> bytes)
{
    if (auto error = checkInputFile(buffer.init.file)) {
        error->message = "init file of buffer '" + buffer.name + "' " + error->message;
        return error;
    }
    std::ifstream in(buffer.init.file, std::ios::binary | std::ios::ate);
    if (!in)
        return Error {ErrorCode::IoError, "cannot open the init file of buffer '" + buffer.name + "'",
            SourceLocation::inFile(buffer.init.file.string())};
    const auto size = static_cast<std::uint64_t>(in.tellg());
    if (size != buffer.bytes)
        return Error {ErrorCode::InvalidArgument,
            "holds " + std::to_string(size) + " bytes but buffer '" + buffer.name + "' has "
                + std::to_string(buffer.bytes),
            SourceLocation::inFile(buffer.init.file.string())};
    in.seekg(0);
    in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return std::nullopt;
}

/// Elements [begin, end) of an iota, fill or random buffer: each element's bytes depend on its index alone.
void fillElements(const ResolvedBuffer& buffer, std::span<std::uint8_t> bytes, std::size_t begin, std::size_t end)
{
    const auto type = buffer.type;
    switch (buffer.init.kind) {
    case BufferInit::Kind::Iota:
        // Through a signed integer, the one conversion to double x86-64 has (every index is below 2^63).
        fillAs(type, bytes, begin, end,
            [](std::size_t i) { return Drawn { static_cast<double>(static_cast<std::int64_t>(i)), i }; });
        break;
    case BufferInit::Kind::Fill: {
        const double value = buffer.init.fillValue;
        // The parser checked that the value fits the type (fill_value.h); u64 fills reach 2^64 - 2^11.
        const auto bits = value >= 0 ? static_cast<std::uint64_t>(value)
                                     : static_cast<std::uint64_t>(static_cast<std::int64_t>(value));
        fillAs(type, bytes, begin, end, [value, bits](std::size_t) { return Drawn { value, bits }; });
        break;
    }
    case BufferInit::Kind::Random: {
        SplitMix64 random(buffer.init.seed, begin);
        const int mantissaBits = randomMantissaBits(type);
        const double scale = 1.0 / static_cast<double>(1ull << mantissaBits);
        fillAs(type, bytes, begin, end, [&random, mantissaBits, scale](std::size_t) {
            const auto draw = random.next();
            const auto fraction = static_cast<std::int64_t>(draw >> (64 - mantissaBits)); // below 2^53
            return Drawn { static_cast<double>(fraction) * scale, draw };
        });
        break;
    }
    case BufferInit::Kind::Zero:
    case BufferInit::Kind::File:
        break;
    }
}

} // namespace

Result<std::vector<std::uint8_t>> initialContents(const ResolvedBuffer& buffer, unsigned threads)
{
    std::vector<std::uint8_t> bytes = zeroedByteVector(buffer.bytes, threads);
    if (auto error = writeInitialContents(buffer, bytes, threads))
        return *error;
    return bytes;
}

std::vector<std::vector<std::uint8_t>> zeroedStorage(std::span<const ResolvedBuffer> buffers, unsigned threads)
{
    std::vector<std::vector<std::uint8_t>> storage(buffers.size());
    // Below 8 MB a buffer is made where it is: a thread would cost more than its zeroing.
    constexpr std::uint64_t kOwnThreadBytes = std::uint64_t { 8 } << 20;
    std::vector<std::size_t> large;
    for (std::size_t i = 0; i < buffers.size(); ++i) {
        if (buffers[i].bytes >= kOwnThreadBytes)
            large.push_back(i);
        else
            storage[i] = zeroedByteVector(buffers[i].bytes, threads);
    }
    const unsigned each = std::max<unsigned>(1, threads / static_cast<unsigned>(std::max<std::size_t>(1, large.size())));
    forEachChunk(large.size(), threads, 1, [&](std::size_t begin, std::size_t end) {
        for (std::size_t k = begin; k < end; ++k)
            storage[large[k]] = zeroedByteVector(buffers[large[k]].bytes, each);
    });
    return storage;
}

std::optional<Error> writeInitialContents(const ResolvedBuffer& buffer, std::span<std::uint8_t> bytes, unsigned threads)
{
    switch (buffer.init.kind) {
    case BufferInit::Kind::Zero: // the storage comes zeroed
        return std::nullopt;
    case BufferInit::Kind::File:
        return fromFile(buffer, bytes);
    case BufferInit::Kind::Iota:
    case BufferInit::Kind::Fill:
    case BufferInit::Kind::Random:
        break;
    }
    // A million elements a chunk at least: below that a thread costs more than it saves.
    constexpr std::size_t kMinChunkElements = std::size_t { 1 } << 20;
    forEachChunk(buffer.count, threads, kMinChunkElements,
        [&](std::size_t begin, std::size_t end) { fillElements(buffer, bytes, begin, end); });
    return std::nullopt;
}

} // namespace engine

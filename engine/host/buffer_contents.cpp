#include "engine/host/buffer_contents.h"

#include "engine/common/huge_pages.h"
#include "engine/common/parallel_chunks.h"
#include "engine/common/input_file.h"
#include "engine/simt/small_float.h"

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

template <typename T> void put(std::span<std::uint8_t> bytes, std::size_t index, T value)
{
    std::memcpy(bytes.data() + index * sizeof(T), &value, sizeof(T));
}

/// Stores `value` as element `index` of `type`, converting as a C cast would (to .f16/.bf16 rounding to
/// nearest even, as __double2half and __double2bfloat16 do).
void store(std::span<std::uint8_t> bytes, ElementType type, std::size_t index, double value, std::uint64_t bits)
{
    switch (type) {
    case ElementType::I8:
        return put(bytes, index, static_cast<std::int8_t>(bits));
    case ElementType::U8:
        return put(bytes, index, static_cast<std::uint8_t>(bits));
    case ElementType::I16:
        return put(bytes, index, static_cast<std::int16_t>(bits));
    case ElementType::U16:
        return put(bytes, index, static_cast<std::uint16_t>(bits));
    case ElementType::I32:
        return put(bytes, index, static_cast<std::int32_t>(bits));
    case ElementType::U32:
        return put(bytes, index, static_cast<std::uint32_t>(bits));
    case ElementType::I64:
        return put(bytes, index, static_cast<std::int64_t>(bits));
    case ElementType::U64:
        return put(bytes, index, bits);
    case ElementType::F32:
        return put(bytes, index, static_cast<float>(value));
    case ElementType::F64:
        return put(bytes, index, value);
    case ElementType::F16:
        return put(bytes, index, simt::toSmallFloat(value, simt::kHalf, ptx::Rounding::Rn));
    case ElementType::BF16:
        return put(bytes, index, simt::toSmallFloat(value, simt::kBfloat16, ptx::Rounding::Rn));
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
        for (std::size_t i = begin; i < end; ++i)
            store(bytes, type, i, static_cast<double>(i), i);
        break;
    case BufferInit::Kind::Fill: {
        const double value = buffer.init.fillValue;
        // The parser checked that the value fits the type (fill_value.h); u64 fills reach 2^64 - 2^11.
        const auto bits = value >= 0 ? static_cast<std::uint64_t>(value)
                                     : static_cast<std::uint64_t>(static_cast<std::int64_t>(value));
        for (std::size_t i = begin; i < end; ++i)
            store(bytes, type, i, value, bits);
        break;
    }
    case BufferInit::Kind::Random: {
        SplitMix64 random(buffer.init.seed, begin);
        const int mantissaBits = randomMantissaBits(type);
        for (std::size_t i = begin; i < end; ++i) {
            const auto draw = random.next();
            const double unit
                = static_cast<double>(draw >> (64 - mantissaBits)) / static_cast<double>(1ull << mantissaBits);
            store(bytes, type, i, unit, draw);
        }
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

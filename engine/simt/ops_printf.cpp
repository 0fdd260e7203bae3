// Device printf: nvcc lowers printf(fmt, ...) to `call.uni (ret), vprintf, (fmt, args)` on the CUDA
// runtime's vprintf (PTX ISA 8.5 §9.7.12.3 call on an .extern .func): param0 is the generic address of
// the format string, param1 the generic address of a local buffer holding the arguments, each aligned to
// its size. The return value is "the number of arguments parsed", 0 when none follow the format and -1
// when the format is NULL (CUDA C++ Programming Guide, "Formatted Output").
#include "engine/simt/memory_access.h"
#include "engine/simt/ops.h"
#include "engine/simt/printf_format.h"

#include <bit>
#include <cstring>

namespace engine::simt {

namespace {

/// 64 KiB: longer strings are cut (the 1 MB printf buffer could not hold many of them anyway).
constexpr std::uint64_t kMaxStringBytes = 64 * 1024;

/// Reads one lane's memory through its generic addresses, with the executor's memcheck.
class LaneMemory final : public PrintfArguments {
public:
    LaneMemory(ExecContext& ctx, std::uint32_t lane, std::uint64_t argsAddress)
        : m_ctx(ctx)
        , m_lane(lane)
        , m_cursor(argsAddress)
    { }

    Result<std::uint64_t> read(std::uint64_t address, std::uint32_t bytes)
    {
        AccessPlan plan;
        plan.space = ptx::StateSpace::Generic;
        plan.size = bytes;
        MemorySpace space;
        const std::uint8_t* p = lanePointer(m_ctx, plan, address, m_lane, space);
        if (!p)
            return Error(ErrorCode::InvalidArgument, "printf argument out of bounds");
        return loadBytes(p, bytes);
    }

    Result<std::uint64_t> next(std::uint32_t bytes) override
    {
        m_cursor = (m_cursor + bytes - 1) / bytes * bytes;
        auto v = read(m_cursor, bytes);
        m_cursor += bytes;
        return v;
    }

    Result<std::string> string(std::uint64_t address) override
    {
        std::string out;
        for (std::uint64_t i = 0; i < kMaxStringBytes; ++i) {
            auto c = read(address + i, 1);
            if (!c)
                return c.error();
            if (*c == 0)
                break;
            out += static_cast<char>(*c);
        }
        return out;
    }

private:
    ExecContext& m_ctx;
    std::uint32_t m_lane;
    std::uint64_t m_cursor;
};

/// The format as C source writes it, for messages: newlines and tabs escaped.
std::string escaped(const std::string& text)
{
    std::string out;
    for (char c : text)
        out += c == '\n' ? std::string("\\n") : c == '\t' ? std::string("\\t") : std::string(1, c);
    return out;
}

std::uint8_t* paramSlot(ExecContext& ctx, std::uint32_t var, std::uint32_t lane)
{
    const Frame& frame = ctx.warp->frames.back();
    return ctx.warp->params.data() + frame.paramBase + std::size_t {lane} * ctx.layout->paramFrameBytes
        + ctx.layout->variableOffset[var];
}

std::uint64_t paramValue(ExecContext& ctx, const ptx::CallSite& site, std::size_t i, std::uint32_t lane)
{
    if (i >= site.argParams.size())
        return 0;
    std::uint64_t v = 0;
    std::memcpy(&v, paramSlot(ctx, site.argParams[i], lane), 8);
    return v;
}

/// One lane's call: formats and logs the line; returns vprintf's result, or nullopt after a fault.
std::optional<std::int32_t> printLane(ExecContext& ctx, const ptx::CallSite& site, std::uint32_t lane)
{
    const std::uint64_t formatAddress = paramValue(ctx, site, 0, lane);
    if (formatAddress == 0)
        return -1;
    LaneMemory memory(ctx, lane, paramValue(ctx, site, 1, lane));
    auto format = memory.string(formatAddress);
    if (!format)
        return std::nullopt;
    auto line = formatPrintf(*format, memory);
    if (!line) {
        if (ctx.fault.kind == FaultKind::None)
            ctx.fail(FaultKind::BadPrintf, lane, line.error().message + " in \"" + escaped(*format) + "\"");
        return std::nullopt;
    }
    if (ctx.printfLog) {
        const WarpRef ref = ctx.warpRef();
        PrintfLine out {ref.block, ref.blockLinear,
            {ctx.warp->tid[0][lane], ctx.warp->tid[1][lane], ctx.warp->tid[2][lane]}, ref.warp, lane,
            std::move(line->text)};
        const auto args = static_cast<std::uint64_t>(line->argumentsParsed);
        const std::uint64_t record = (16 + 8 * args + line->stringBytes + 7) / 8 * 8;
        ctx.printfLog->append(std::move(out), record);
    }
    return line->argumentsParsed;
}

} // namespace

void execVprintf(ExecContext& ctx, const ptx::CallSite& site, std::uint32_t mask)
{
    // One call's output is atomic: each lane's line is whole; lanes print in ascending order.
    for (std::uint32_t lane = 0; lane < kWarpLanes; ++lane) {
        if (((mask >> lane) & 1u) == 0)
            continue;
        const auto result = printLane(ctx, site, lane);
        if (!result)
            return;
        if (!site.returnParams.empty()) {
            const auto v = static_cast<std::uint32_t>(*result);
            std::memcpy(paramSlot(ctx, site.returnParams[0], lane), &v, 4);
        }
    }
}

} // namespace engine::simt

#include "engine/host/scenario_resolver.h"

#include <algorithm>
#include <limits>
#include <set>
#include <stdexcept>

namespace engine {

namespace {

/// Thrown while resolving; turned into an Error with the scenario file and this path.
struct ResolveError : std::runtime_error {
    ResolveError(std::string p, const std::string& message)
        : std::runtime_error(message)
        , path(std::move(p))
    {
    }
    std::string path;
};

constexpr std::int64_t kMaxBufferBytes = std::int64_t { 1 } << 40; // 1 TiB: beyond any modeled device

class Resolver {
public:
    Resolver(const ScenarioSpec& spec, ResolvedScenario& out)
        : m_spec(spec)
        , m_out(out)
    {
    }

    void run();

private:
    std::int64_t evaluate(const IntExpr& expr, std::int64_t min, std::int64_t max) const;
    std::size_t buffer(const std::string& name, const std::string& path) const;
    void resolveBuffers();
    MemcpyOp memcpy(const MemcpyStepSpec& step, const std::string& path) const;
    MemsetOp memset(const MemsetStepSpec& step, const std::string& path) const;
    SymbolCopyOp symbolCopy(const SymbolCopyStepSpec& step, const std::string& path) const;
    LaunchOp launch(const LaunchStepSpec& step) const;
    KernelArg argument(const LaunchArgSpec& spec) const;
    Dim3 dims(const std::vector<IntExpr>& exprs) const;

    const ScenarioSpec& m_spec;
    ResolvedScenario& m_out;
};

std::int64_t Resolver::evaluate(const IntExpr& expr, std::int64_t min, std::int64_t max) const
{
    const auto value = evaluateIntExpression(expr.text, m_out.params);
    if (!value)
        throw ResolveError(expr.jsonPath, value.error().message);
    if (*value < min || *value > max)
        throw ResolveError(expr.jsonPath, "\"" + expr.text + "\" = " + std::to_string(*value) + " is outside "
                + std::to_string(min) + ".." + std::to_string(max));
    return *value;
}

std::size_t Resolver::buffer(const std::string& name, const std::string& path) const
{
    if (const auto index = m_out.findBuffer(name))
        return *index;
    throw ResolveError(path, "no buffer named '" + name + "'");
}

void Resolver::resolveBuffers()
{
    for (const auto& spec : m_spec.buffers) {
        ResolvedBuffer buffer { spec.name, spec.type, 0, 0, spec.init, spec.host, spec.pinned };
        const auto elementSize = static_cast<std::int64_t>(elementBytes(spec.type));
        buffer.count = static_cast<std::uint64_t>(evaluate(spec.count, 1, kMaxBufferBytes / elementSize));
        buffer.bytes = buffer.count * static_cast<std::uint64_t>(elementSize);
        m_out.buffers.push_back(std::move(buffer));
    }
}

MemcpyOp Resolver::memcpy(const MemcpyStepSpec& step, const std::string& path) const
{
    MemcpyOp op;
    op.dst = buffer(step.dst, path + "/dst");
    op.src = buffer(step.src, path + "/src");
    op.bytes = static_cast<std::uint64_t>(evaluate(step.bytes, 0, kMaxBufferBytes));
    op.dstOffset = static_cast<std::uint64_t>(evaluate(step.dstOffset, 0, kMaxBufferBytes));
    op.srcOffset = static_cast<std::uint64_t>(evaluate(step.srcOffset, 0, kMaxBufferBytes));
    op.stream = step.stream;
    op.async = step.async;
    const auto& dst = m_out.buffers[op.dst];
    const auto& src = m_out.buffers[op.src];
    if (op.dstOffset + op.bytes > dst.bytes)
        throw ResolveError(path + "/bytes", "copies " + std::to_string(op.bytes) + " bytes at offset "
                + std::to_string(op.dstOffset) + " into '" + dst.name + "' of " + std::to_string(dst.bytes) + " bytes");
    if (op.srcOffset + op.bytes > src.bytes)
        throw ResolveError(path + "/bytes", "copies " + std::to_string(op.bytes) + " bytes at offset "
                + std::to_string(op.srcOffset) + " out of '" + src.name + "' of " + std::to_string(src.bytes) + " bytes");
    op.direction = src.host ? (dst.host ? CopyDirection::HostToHost : CopyDirection::HostToDevice)
                            : (dst.host ? CopyDirection::DeviceToHost : CopyDirection::DeviceToDevice);
    return op;
}

MemsetOp Resolver::memset(const MemsetStepSpec& step, const std::string& path) const
{
    MemsetOp op;
    op.dst = buffer(step.dst, path + "/dst");
    if (m_out.buffers[op.dst].host)
        throw ResolveError(path + "/dst", "memset writes device memory; '" + step.dst + "' is a host buffer");
    op.value = static_cast<std::uint8_t>(evaluate(step.value, 0, 255));
    op.bytes = static_cast<std::uint64_t>(evaluate(step.bytes, 0, kMaxBufferBytes));
    if (op.bytes > m_out.buffers[op.dst].bytes)
        throw ResolveError(path + "/bytes", "sets " + std::to_string(op.bytes) + " bytes of '" + step.dst + "' of "
                + std::to_string(m_out.buffers[op.dst].bytes) + " bytes");
    op.stream = step.stream;
    op.async = step.async;
    return op;
}

SymbolCopyOp Resolver::symbolCopy(const SymbolCopyStepSpec& step, const std::string& path) const
{
    // The symbol's size is the module's to say; the runner checks the copy against it (scenario_runner.cpp).
    SymbolCopyOp op;
    op.toSymbol = step.toSymbol;
    op.symbol = step.symbol;
    op.buffer = buffer(step.buffer, path + (step.toSymbol ? "/src" : "/dst"));
    op.bytes = static_cast<std::uint64_t>(evaluate(step.bytes, 0, kMaxBufferBytes));
    op.offset = static_cast<std::uint64_t>(evaluate(step.offset, 0, kMaxBufferBytes));
    op.stream = step.stream;
    op.async = step.async;
    const auto& buffer = m_out.buffers[op.buffer];
    if (op.bytes > buffer.bytes)
        throw ResolveError(path + "/bytes", "copies " + std::to_string(op.bytes) + " bytes " + (step.toSymbol ? "out of" : "into")
                + " '" + buffer.name + "' of " + std::to_string(buffer.bytes) + " bytes");
    return op;
}

Dim3 Resolver::dims(const std::vector<IntExpr>& exprs) const
{
    Dim3 result { 1, 1, 1 };
    for (std::size_t i = 0; i < exprs.size(); ++i)
        result[i] = static_cast<std::uint32_t>(evaluate(exprs[i], 1, std::numeric_limits<std::int32_t>::max()));
    return result;
}

KernelArg Resolver::argument(const LaunchArgSpec& spec) const
{
    KernelArg arg;
    arg.jsonPath = spec.jsonPath;
    switch (spec.kind) {
    case LaunchArgSpec::Kind::F32:
    case LaunchArgSpec::Kind::F64:
        arg.kind = spec.kind == LaunchArgSpec::Kind::F32 ? KernelArg::Kind::F32 : KernelArg::Kind::F64;
        arg.real = spec.floatValue;
        return arg;
    case LaunchArgSpec::Kind::U64:
        arg.kind = KernelArg::Kind::U64;
        arg.u64 = spec.u64Value;
        return arg;
    case LaunchArgSpec::Kind::BufferOffset:
    case LaunchArgSpec::Kind::NameOrExpression:
        break;
    }
    const auto index = m_out.findBuffer(spec.text);
    if (!index) {
        if (spec.kind == LaunchArgSpec::Kind::BufferOffset)
            throw ResolveError(spec.jsonPath + "/buffer", "no buffer named '" + spec.text + "'");
        arg.integer = evaluate(IntExpr { spec.text, spec.jsonPath }, std::numeric_limits<std::int64_t>::min(),
            std::numeric_limits<std::int64_t>::max());
        return arg;
    }
    const auto& target = m_out.buffers[*index];
    if (target.host && !target.pinned)
        throw ResolveError(spec.jsonPath, "a kernel cannot read pageable host buffer '" + spec.text
                + "' (only pinned host memory can be mapped for zero copy)");
    arg.kind = KernelArg::Kind::BufferAddress;
    arg.buffer = *index;
    if (spec.kind == LaunchArgSpec::Kind::BufferOffset)
        arg.offset = static_cast<std::uint64_t>(evaluate(spec.offset, 0, static_cast<std::int64_t>(target.bytes)));
    return arg;
}

LaunchOp Resolver::launch(const LaunchStepSpec& step) const
{
    LaunchOp op;
    op.kernel = step.kernel;
    op.grid = dims(step.grid);
    op.block = dims(step.block);
    op.sharedBytes = static_cast<std::uint32_t>(evaluate(step.sharedBytes, 0, std::numeric_limits<std::int32_t>::max()));
    op.stream = step.stream;
    op.cooperative = step.cooperative;
    if (!step.cluster.empty())
        op.cluster = dims(step.cluster);
    for (const auto& arg : step.args)
        op.args.push_back(argument(arg));
    return op;
}

void Resolver::run()
{
    resolveBuffers();
    std::set<std::string> recorded;
    for (const auto& step : m_spec.steps) {
        const auto& path = step.jsonPath;
        StepOp op = std::visit(
            [&](const auto& body) -> StepOp {
                using T = std::decay_t<decltype(body)>;
                if constexpr (std::is_same_v<T, MemcpyStepSpec>)
                    return memcpy(body, path + "/memcpy");
                else if constexpr (std::is_same_v<T, MemsetStepSpec>)
                    return memset(body, path + "/memset");
                else if constexpr (std::is_same_v<T, LaunchStepSpec>)
                    return launch(body);
                else if constexpr (std::is_same_v<T, SymbolCopyStepSpec>)
                    return symbolCopy(body, path + (body.toSymbol ? "/memcpy_to_symbol" : "/memcpy_from_symbol"));
                else if constexpr (std::is_same_v<T, RecordStepSpec>) {
                    recorded.insert(body.event);
                    return RecordOp { body.event, body.stream };
                } else if constexpr (std::is_same_v<T, WaitStepSpec>) {
                    if (!recorded.contains(body.event))
                        throw ResolveError(path + "/wait/event", "waits on event '" + body.event
                                + "', which no earlier step records");
                    return WaitOp { body.stream, body.event };
                } else
                    return SynchronizeOp { body.stream };
            },
            step.body);
        m_out.steps.push_back(ResolvedStep { std::move(op), path });
    }
}

} // namespace

std::optional<std::size_t> ResolvedScenario::findBuffer(std::string_view bufferName) const
{
    auto it = std::find_if(buffers.begin(), buffers.end(), [&](const auto& b) { return b.name == bufferName; });
    if (it == buffers.end())
        return std::nullopt;
    return static_cast<std::size_t>(it - buffers.begin());
}

Result<ResolvedScenario> resolveScenario(const ScenarioSpec& spec, const ParamValues& overrides)
{
    ResolvedScenario out;
    out.file = spec.file;
    out.name = spec.name;
    out.module = spec.module;
    out.device = spec.device;
    out.nvcc = spec.nvcc;
    out.params = spec.params;
    for (const auto& [name, value] : overrides) {
        if (!spec.params.contains(name))
            return Error { ErrorCode::InvalidArgument, "--set " + name + ": the scenario has no parameter '" + name + "'",
                SourceLocation::atJsonPath(spec.file.string(), "/params") };
        out.params[name] = value;
    }
    try {
        Resolver(spec, out).run();
    } catch (const ResolveError& error) {
        return Error { ErrorCode::InvalidArgument, error.what(), SourceLocation::atJsonPath(spec.file.string(), error.path) };
    }
    return out;
}

} // namespace engine

#include "engine/host/scenario_runner.h"

#include "engine/common/host_cores.h"
#include "engine/common/parallel_chunks.h"
#include "engine/host/buffer_contents.h"
#include "engine/host/kernel_arguments.h"
#include "engine/host/kernel_resources.h"
#include "engine/host/launch_validation.h"
#include "engine/host/symbol_copy.h"
#include "engine/host/transfer_model.h"
#include "engine/occupancy/occupancy_calculator.h"
#include "engine/ptx/module_symbols.h"
#include "engine/simt/module_facts.h"

#include <algorithm>
#include <cstring>
#include <utility>

namespace engine {

namespace {

/// Copies and memsets of fewer bytes run on one thread: a thread costs more than it saves there.
constexpr std::size_t kMinChunkBytes = std::size_t { 4 } << 20;

/// memmove of `src` to `dst`, in chunks on `threads` threads when the two do not overlap.
void copyBytes(std::span<std::uint8_t> dst, std::span<const std::uint8_t> src, unsigned threads)
{
    const auto d = reinterpret_cast<std::uintptr_t>(dst.data());
    const auto s = reinterpret_cast<std::uintptr_t>(src.data());
    if (d < s + src.size() && s < d + dst.size()) {
        std::memmove(dst.data(), src.data(), src.size());
        return;
    }
    forEachChunk(src.size(), threads, kMinChunkBytes,
        [&](std::size_t begin, std::size_t end) { std::memcpy(dst.data() + begin, src.data() + begin, end - begin); });
}

/// Runs one scenario; lives for one runScenario call, on the caller's thread.
class Runner {
public:
    Runner(const ResolvedScenario& scenario, const ptx::Module& module, const DeviceProfile& profile,
        KernelExecutor& executor, const RunOptions& options)
        : m_scenario(scenario)
        , m_module(module)
        , m_profile(profile)
        , m_executor(executor)
        , m_options(options)
        , m_threads(options.threads != 0 ? options.threads : usableCores())
        , m_scheduler(profile.host.asyncEngineCount)
    {
    }

    Result<RunReport> run();

private:
    std::optional<Error> checkDeviceMemory() const;
    std::optional<Error> allocateBuffers();
    std::optional<Error> runStep(const ResolvedStep& step);
    std::optional<Error> memcpy(const MemcpyOp& op);
    std::optional<Error> memset(const MemsetOp& op);
    std::optional<Error> launch(const LaunchOp& op, const std::string& path);
    std::optional<Error> symbolCopy(const SymbolCopyOp& op, const std::string& path);
    std::span<std::uint8_t> storage(std::size_t buffer);
    Error located(Error error, const std::string& path) const;
    void collectBuffers();
    void summarizeSoFar();

    const ResolvedScenario& m_scenario;
    const ptx::Module& m_module;
    const DeviceProfile& m_profile;
    KernelExecutor& m_executor;
    const RunOptions& m_options;
    unsigned m_threads; ///< RunOptions::threads, 0 resolved
    StreamScheduler m_scheduler;
    simt::DeviceMemory m_memory;
    simt::ModuleImage m_image;
    std::vector<std::uint64_t> m_addresses; ///< per buffer: device (or mapped pinned host) address; 0 if none
    std::vector<std::vector<std::uint8_t>> m_pageable; ///< pageable host buffers' bytes
    RunReport m_report;
    std::optional<std::map<std::string, KernelResources>> m_resources; ///< per kernel, found at the first launch
    std::size_t m_stepIndex = 0; ///< the step running, for progress within a launch
};

Error Runner::located(Error error, const std::string& path) const
{
    if (error.location.file.empty()) {
        error.location.file = m_scenario.file.string();
        if (error.location.jsonPath.empty() && error.location.line == 0)
            error.location.jsonPath = path;
    }
    return error;
}

std::span<std::uint8_t> Runner::storage(std::size_t buffer)
{
    if (m_addresses[buffer] != 0)
        return m_memory.bytes(m_addresses[buffer]);
    return m_pageable[buffer];
}

std::optional<Error> Runner::checkDeviceMemory() const
{
    // Device buffers cannot outgrow the device's memory, less the 6.25 % that ECC keeps on GDDR
    // (best-practices-guide-current.txt §8.2.1).
    const std::uint64_t usable = usableMemoryBytes(m_profile.memory);
    std::uint64_t total = 0;
    for (const auto& buffer : m_scenario.buffers) {
        if (buffer.host)
            continue;
        total += buffer.bytes;
        if (total <= usable)
            continue;
        auto message = "device buffers up to '" + buffer.name + "' need " + std::to_string(total) + " bytes; "
            + m_profile.name + " has " + std::to_string(usable);
        if (usable < m_profile.memory.bytes)
            message += " (of " + std::to_string(m_profile.memory.bytes) + "; ECC bits hold the rest)";
        return Error { ErrorCode::InvalidArgument, message,
            SourceLocation::atJsonPath(m_scenario.file.string(), "/buffers/" + buffer.name) };
    }
    return std::nullopt;
}

std::optional<Error> Runner::allocateBuffers()
{
    if (auto error = checkDeviceMemory())
        return error;
    m_addresses.assign(m_scenario.buffers.size(), 0);
    m_pageable.resize(m_scenario.buffers.size());
    std::vector<std::vector<std::uint8_t>> storage = zeroedStorage(m_scenario.buffers, m_threads);
    for (std::size_t i = 0; i < m_scenario.buffers.size(); ++i) {
        const auto& buffer = m_scenario.buffers[i];
        // Device buffers, and pinned host buffers (mapped into the device's address space for zero copy,
        // best-practices-guide-v8.0.txt §9.1.3), live in the device memory image; pageable ones on the host.
        if (!buffer.host || buffer.pinned)
            m_addresses[i] = m_memory.adopt(
                buffer.host ? "host:" + buffer.name : buffer.name, std::move(storage[i]), simt::AllocationKind::Buffer);
        else
            m_pageable[i] = std::move(storage[i]);
        if (auto error = writeInitialContents(buffer, this->storage(i), m_threads))
            return error;
    }
    return std::nullopt;
}

std::optional<Error> Runner::memcpy(const MemcpyOp& op)
{
    auto src = storage(op.src).subspan(op.srcOffset, op.bytes);
    auto dst = storage(op.dst).subspan(op.dstOffset, op.bytes);
    copyBytes(dst, src, m_threads);
    if (!m_scenario.buffers[op.dst].host)
        m_executor.deviceWritten(m_addresses[op.dst] + op.dstOffset, op.bytes);
    static constexpr DeviceOpKind kinds[] = { DeviceOpKind::MemcpyHostToDevice, DeviceOpKind::MemcpyDeviceToHost,
        DeviceOpKind::MemcpyDeviceToDevice, DeviceOpKind::MemcpyHostToHost };
    const auto kind = kinds[static_cast<int>(op.direction)];
    const auto& hostSide = m_scenario.buffers[op.direction == CopyDirection::DeviceToHost ? op.dst : op.src];
    const bool pinned = !hostSide.host || hostSide.pinned;
    const auto name = m_scenario.buffers[op.src].name + " -> " + m_scenario.buffers[op.dst].name;
    m_scheduler.submit(DeviceOp { kind, op.stream, op.async, pinned,
        transferDurationUs(m_profile, kind, op.bytes, pinned, op.async ? CopyCall::Asynchronous : CopyCall::Synchronous),
        op.bytes, name });
    return std::nullopt;
}

std::optional<Error> Runner::memset(const MemsetOp& op)
{
    const std::span<std::uint8_t> dst = storage(op.dst).first(op.bytes);
    forEachChunk(op.bytes, m_threads, kMinChunkBytes,
        [&](std::size_t begin, std::size_t end) { std::memset(dst.data() + begin, op.value, end - begin); });
    if (!m_scenario.buffers[op.dst].host)
        m_executor.deviceWritten(m_addresses[op.dst], op.bytes);
    m_scheduler.submit(DeviceOp { DeviceOpKind::Memset, op.stream, op.async, true,
        transferDurationUs(m_profile, DeviceOpKind::Memset, op.bytes, true,
            op.async ? CopyCall::Asynchronous : CopyCall::Synchronous),
        op.bytes, m_scenario.buffers[op.dst].name });
    return std::nullopt;
}

std::optional<Error> Runner::symbolCopy(const SymbolCopyOp& op, const std::string& path)
{
    const auto symbol = copySymbol(op, m_module, m_image, m_memory, storage(op.buffer), path);
    if (!symbol)
        return symbol.error();
    const auto& side = m_scenario.buffers[op.buffer];
    const auto kind = !side.host ? DeviceOpKind::MemcpyDeviceToDevice
        : op.toSymbol            ? DeviceOpKind::MemcpyHostToDevice
                                 : DeviceOpKind::MemcpyDeviceToHost;
    const bool pinned = !side.host || side.pinned;
    const auto name = op.toSymbol ? side.name + " -> " + *symbol : *symbol + " -> " + side.name;
    m_scheduler.submit(DeviceOp { kind, op.stream, op.async, pinned,
        transferDurationUs(m_profile, kind, op.bytes, pinned, op.async ? CopyCall::Asynchronous : CopyCall::Synchronous),
        op.bytes, name });
    return std::nullopt;
}

std::string kernelList(const ptx::Module& module)
{
    std::string names;
    for (const auto* kernel : module.kernels())
        names += (names.empty() ? "" : ", ") + kernel->demangled;
    return names.empty() ? "none" : names;
}

std::optional<Error> Runner::launch(const LaunchOp& op, const std::string& path)
{
    const int index = m_module.findFunction(op.kernel);
    if (index < 0 || !m_module.functions[static_cast<std::size_t>(index)].isEntry)
        return Error { ErrorCode::NotFound, "no kernel '" + op.kernel + "' in " + m_module.sourceName + " (kernels: "
                + kernelList(m_module) + ")", SourceLocation::atJsonPath({}, path + "/launch/kernel") };
    const auto& kernel = m_module.functions[static_cast<std::size_t>(index)];
    const auto staticShared
        = simt::kernelStaticSharedBytes(m_module, static_cast<std::uint32_t>(index), m_image.facts.get());
    if (auto error = validateLaunchShape(op, staticShared, m_profile, path))
        return error;
    auto params = marshalKernelArguments(kernel, op.args, m_addresses, path);
    if (!params)
        return params.error();

    simt::LaunchRequest request;
    request.module = &m_module;
    request.kernel = static_cast<std::uint32_t>(index);
    request.grid = op.grid;
    request.block = op.block;
    request.dynamicSharedBytes = op.sharedBytes;
    request.params = std::move(params).value();
    request.profile = &m_profile;
    request.moduleImage = &m_image;
    request.instructionBudget = m_options.instructionBudget;
    request.cooperative = op.cooperative;
    request.cluster = op.cluster;
    simt::PrintfLog printfLog;
    request.printfLog = &printfLog;
    if (!m_resources)
        m_resources = moduleKernelResources(m_module, deviceArchOf(m_profile));
    const auto& resources = (*m_resources)[kernel.name];
    request.registersPerThread = static_cast<std::uint32_t>(std::max(resources.registers, 0));
    if (m_options.progress)
        request.blockFinished = [this, &path](std::uint64_t done, std::uint64_t count) {
            m_options.progress(RunProgress {m_stepIndex, m_scenario.steps.size(), path, done, count});
        };
    auto outcome = m_executor.run(request, m_memory, m_options.stop);
    if (!outcome) {
        auto error = outcome.error();
        error.message = "launch of " + op.kernel + " (" + path + "): " + error.message;
        return error;
    }

    LaunchReport report { kernel.demangled.substr(0, kernel.demangled.find('(')), kernel.name, op.grid, op.block,
        op.sharedBytes, staticShared, op.stream, path, std::move(outcome).value(), 0, {}, {}, 0, {}, 0 };
    report.printf.assign(printfLog.lines().begin(), printfLog.lines().end());
    report.printfDropped = printfLog.droppedLines();
    const auto threads = static_cast<int>(op.block[0] * op.block[1] * op.block[2]);
    // Registers per thread are not in PTX: ptxas's count for the device, else an estimate (kernel_resources.h).
    report.registersPerThread = resources.registers;
    report.registersSource = resources.registersSource;
    report.resources = resources;
    const OccupancyInput input { threads, report.registersPerThread, static_cast<int>(staticShared + op.sharedBytes) };
    if (auto occupancy = calculateOccupancy(m_profile, input))
        report.theoreticalOccupancy = occupancy->occupancy;
    m_scheduler.submit(DeviceOp { DeviceOpKind::Kernel, op.stream, true, true, report.outcome.timeUs.value_or(0.0), 0,
        report.kernel });
    m_report.launches.push_back(std::move(report));
    return std::nullopt;
}

std::optional<Error> Runner::runStep(const ResolvedStep& step)
{
    return std::visit(
        [&](const auto& op) -> std::optional<Error> {
            using T = std::decay_t<decltype(op)>;
            if constexpr (std::is_same_v<T, MemcpyOp>)
                return memcpy(op);
            else if constexpr (std::is_same_v<T, MemsetOp>)
                return memset(op);
            else if constexpr (std::is_same_v<T, LaunchOp>)
                return launch(op, step.jsonPath);
            else if constexpr (std::is_same_v<T, SymbolCopyOp>)
                return symbolCopy(op, step.jsonPath);
            else if constexpr (std::is_same_v<T, RecordOp>)
                m_scheduler.record(op.event, op.stream);
            else if constexpr (std::is_same_v<T, WaitOp>)
                m_scheduler.wait(op.stream, op.event);
            else
                m_scheduler.synchronize(op.stream);
            return std::nullopt;
        },
        step.op);
}

void Runner::collectBuffers()
{
    // The run's last act: the buffers move into the report instead of being copied (a 16 M copy's four buffers are
    // 256 MB, and a copy into fresh memory faults every page in).
    for (std::size_t i = 0; i < m_scenario.buffers.size(); ++i) {
        std::vector<std::uint8_t> bytes
            = m_addresses[i] != 0 ? m_memory.releaseBytes(m_addresses[i]) : std::exchange(m_pageable[i], {});
        m_report.buffers.push_back(
            BufferImage { m_scenario.buffers[i].name, m_scenario.buffers[i].host, m_addresses[i], std::move(bytes) });
    }
    for (const auto& symbol : ptx::moduleSymbols(m_module)) {
        const auto address = m_image.variableAddresses[symbol.index];
        const auto bytes = m_memory.bytes(address);
        m_report.symbols.push_back(
            BufferImage { symbol.name, false, address, std::vector<std::uint8_t>(bytes.begin(), bytes.end()) });
    }
}

/// The timeline, total time and whole-run flags of the steps run so far.
void Runner::summarizeSoFar()
{
    m_report.timeline = m_scheduler.entries();
    m_report.totalTimeUs = m_scheduler.totalTimeUs();
    m_report.kernelsTimed = std::all_of(m_report.launches.begin(), m_report.launches.end(),
        [](const auto& l) { return l.outcome.timeUs.has_value(); });
    m_report.outputsComplete = std::none_of(m_report.launches.begin(), m_report.launches.end(),
        [](const auto& l) { return l.outcome.sampled; });
}

Result<RunReport> Runner::run()
{
    m_report.device = m_profile.id;
    m_report.scenario = m_scenario.file.string();
    m_report.scenarioName = m_scenario.name;
    m_report.params = m_scenario.params;
    if (auto error = allocateBuffers())
        return located(*error, "/buffers");
    m_image = m_memory.loadModule(m_module);
    const auto& steps = m_scenario.steps;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        if (m_options.stop.stop_requested())
            return Error { ErrorCode::InvalidArgument, "run cancelled", SourceLocation::inFile(m_scenario.file.string()) };
        m_stepIndex = i;
        if (auto error = runStep(steps[i]))
            return located(*error, steps[i].jsonPath);
        if (m_options.launchFinished && std::holds_alternative<LaunchOp>(steps[i].op)) {
            summarizeSoFar();
            m_options.launchFinished(m_report);
        }
        if (m_options.progress)
            m_options.progress(RunProgress { i + 1, steps.size(), steps[i].jsonPath });
    }
    summarizeSoFar();
    if (m_options.collectBuffers && m_report.outputsComplete)
        collectBuffers();
    return std::move(m_report);
}

} // namespace

Result<RunReport> runScenario(const ResolvedScenario& scenario, const ptx::Module& module,
    const DeviceProfile& profile, KernelExecutor& executor, const RunOptions& options)
{
    return Runner(scenario, module, profile, executor, options).run();
}

} // namespace engine

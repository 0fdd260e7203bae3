#include "engine/host/launch_setup.h"

#include "engine/host/buffer_contents.h"
#include "engine/host/kernel_arguments.h"
#include "engine/host/launch_validation.h"
#include "engine/host/symbol_copy.h"
#include "engine/simt/module_facts.h"

#include <cstring>

namespace engine {

namespace {

/// Buffers as the scenario runner places them: device buffers and pinned host buffers in device memory,
/// pageable host buffers on the host (`pageable`, indexed like the buffers).
struct BufferImages {
    std::vector<std::uint64_t> addresses;
    std::vector<std::vector<std::uint8_t>> pageable;

    std::span<std::uint8_t> storage(simt::DeviceMemory& memory, std::size_t buffer)
    {
        if (addresses[buffer] != 0)
            return memory.bytes(addresses[buffer]);
        return pageable[buffer];
    }
};

std::optional<Error> allocateBuffers(const ResolvedScenario& scenario, simt::DeviceMemory& memory, BufferImages& images)
{
    images.addresses.assign(scenario.buffers.size(), 0);
    images.pageable.resize(scenario.buffers.size());
    for (std::size_t i = 0; i < scenario.buffers.size(); ++i) {
        const auto& buffer = scenario.buffers[i];
        auto contents = initialContents(buffer);
        if (!contents)
            return contents.error();
        if (buffer.host && !buffer.pinned) {
            images.pageable[i] = std::move(contents).value();
            continue;
        }
        images.addresses[i] = memory.allocate(buffer.host ? "host:" + buffer.name : buffer.name, buffer.bytes);
        std::memcpy(memory.bytes(images.addresses[i]).data(), contents->data(), contents->size());
    }
    return std::nullopt;
}

Result<simt::LaunchRequest> makeRequest(const PreparedScenario& prepared, const LaunchOp& op,
    const std::vector<std::uint64_t>& addresses, const simt::ModuleImage& image, const std::string& path)
{
    const auto& module = prepared.module;
    const int index = module.findFunction(op.kernel);
    if (index < 0 || !module.functions[static_cast<std::size_t>(index)].isEntry)
        return Error { ErrorCode::NotFound, "no kernel '" + op.kernel + "' in " + module.sourceName,
            SourceLocation::atJsonPath(prepared.scenario.file.string(), path + "/launch/kernel") };
    const auto& kernel = module.functions[static_cast<std::size_t>(index)];
    const auto staticShared = simt::kernelStaticSharedBytes(module, static_cast<std::uint32_t>(index), image.facts.get());
    if (auto error = validateLaunchShape(op, staticShared, *prepared.profile, path))
        return *error;
    auto params = marshalKernelArguments(kernel, op.args, addresses, path);
    if (!params)
        return params.error();
    simt::LaunchRequest request;
    request.module = &module;
    request.kernel = static_cast<std::uint32_t>(index);
    request.grid = op.grid;
    request.block = op.block;
    request.dynamicSharedBytes = op.sharedBytes;
    request.params = std::move(params).value();
    request.profile = prepared.profile;
    request.moduleImage = &image;
    return request;
}

/// Applies a step before the stepped launch; earlier launches run functionally on `memory`.
std::optional<Error> applyStep(const PreparedScenario& prepared, const ResolvedStep& step, LaunchSetup& setup,
    BufferImages& images)
{
    auto& memory = setup.memory;
    if (const auto* copy = std::get_if<MemcpyOp>(&step.op)) {
        auto src = images.storage(memory, copy->src).subspan(copy->srcOffset, copy->bytes);
        auto dst = images.storage(memory, copy->dst).subspan(copy->dstOffset, copy->bytes);
        std::memmove(dst.data(), src.data(), copy->bytes);
    } else if (const auto* set = std::get_if<MemsetOp>(&step.op)) {
        std::memset(images.storage(memory, set->dst).data(), set->value, set->bytes);
    } else if (const auto* launch = std::get_if<LaunchOp>(&step.op)) {
        auto request = makeRequest(prepared, *launch, images.addresses, setup.image, step.jsonPath);
        if (!request)
            return request.error();
        if (auto stats = simt::runKernel(*request, memory, nullptr); !stats)
            return stats.error();
    } else if (const auto* symbolCopy = std::get_if<SymbolCopyOp>(&step.op)) {
        auto copied = copySymbol(*symbolCopy, prepared.module, setup.image, memory,
            images.storage(memory, symbolCopy->buffer), step.jsonPath);
        if (!copied) {
            auto error = copied.error();
            error.location.file = prepared.scenario.file.string();
            return error;
        }
    }
    return std::nullopt;
}

} // namespace

Result<std::unique_ptr<LaunchSetup>> setUpLaunch(const PreparedScenario& prepared, std::size_t launchOrdinal)
{
    auto setup = std::make_unique<LaunchSetup>();
    BufferImages images;
    if (auto error = allocateBuffers(prepared.scenario, setup->memory, images))
        return *error;
    setup->image = setup->memory.loadModule(prepared.module);
    std::size_t launches = 0;
    for (const auto& step : prepared.scenario.steps) {
        const auto* launch = std::get_if<LaunchOp>(&step.op);
        if (launch && launches++ == launchOrdinal) {
            auto request = makeRequest(prepared, *launch, images.addresses, setup->image, step.jsonPath);
            if (!request)
                return request.error();
            setup->op = *launch;
            setup->stepPath = step.jsonPath;
            setup->request = std::move(request).value();
            return setup;
        }
        if (auto error = applyStep(prepared, step, *setup, images))
            return *error;
    }
    return Error { ErrorCode::InvalidArgument, "the scenario has no launch number " + std::to_string(launchOrdinal + 1),
        SourceLocation::atJsonPath(prepared.scenario.file.string(), "/steps") };
}

} // namespace engine

// Writes what a scenario does as a plain-text replay manifest, for scenario_replay.cu to repeat on a
// real GPU: the module's PTX for the h100 profile, each buffer's initial bytes (the same SplitMix64
// streams the model fills them with), and the steps in order with each launch's parameter block.
// usage: scenario_manifest OUT_DIR SCENARIO.json[:NAME=VALUE,...]...
//   One sub-directory per argument, named after the scenario (and its overrides, "gemm.ni=256,nj=256"): the
//   overrides replace scenario parameters as `warpscope-cli run --set` does, so one scenario replays at several sizes.
//
// manifest.txt lines (sizes and offsets in bytes):
//   module module.ptx
//   buffer INDEX BYTES host|device buffer_INDEX.bin|zero
//   memcpy DST SRC BYTES DST_OFFSET SRC_OFFSET
//   memset DST VALUE BYTES
//   launch NAME GX GY GZ BX BY BZ SHARED PARAM_HEX PATCHES [PARAM_OFFSET BUFFER BUFFER_OFFSET]...
//   sync
#include "engine/device/device_catalog.h"
#include "engine/host/buffer_contents.h"
#include "engine/host/kernel_arguments.h"
#include "engine/host/prepared_scenario.h"
#include "engine/simt/launch.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <variant>

namespace {

namespace fs = std::filesystem;

std::string hex(const std::vector<std::uint8_t>& bytes)
{
    static const char digits[] = "0123456789abcdef";
    std::string text;
    for (const auto byte : bytes) {
        text += digits[byte >> 4];
        text += digits[byte & 15];
    }
    return text.empty() ? "-" : text;
}

/// Byte offset of kernel parameter `index` in the parameter block.
std::size_t paramOffset(const engine::ptx::Function& kernel, std::size_t index)
{
    engine::simt::ParamBlockBuilder probe(kernel);
    probe.set(index, ~std::uint64_t { 0 });
    const auto& bytes = probe.bytes();
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (bytes[i] != 0)
            return i;
    }
    return 0;
}

std::string launchLine(const engine::LaunchOp& launch, const engine::ptx::Module& module, std::size_t bufferCount,
    const std::string& path)
{
    const int index = module.findFunction(launch.kernel);
    if (index < 0)
        throw std::runtime_error(path + ": no kernel " + launch.kernel);
    const engine::ptx::Function* kernel = &module.functions[static_cast<std::size_t>(index)];
    const std::vector<std::uint64_t> noAddresses(bufferCount, 0); // patched in by scenario_replay
    auto block = engine::marshalKernelArguments(*kernel, launch.args, noAddresses, path);
    if (!block)
        throw std::runtime_error(block.error().toString());
    std::ostringstream line;
    line << "launch " << kernel->name;
    for (const auto d : launch.grid)
        line << ' ' << d;
    for (const auto d : launch.block)
        line << ' ' << d;
    line << ' ' << launch.sharedBytes << ' ' << hex(*block);
    std::ostringstream patches;
    int count = 0;
    for (std::size_t i = 0; i < launch.args.size(); ++i) {
        if (launch.args[i].kind != engine::KernelArg::Kind::BufferAddress)
            continue;
        patches << ' ' << paramOffset(*kernel, i) << ' ' << launch.args[i].buffer << ' ' << launch.args[i].offset;
        ++count;
    }
    line << ' ' << count << patches.str();
    return line.str();
}

/// "NAME=VALUE,NAME=VALUE" as parameter overrides.
engine::ParamValues parseOverrides(const std::string& text)
{
    engine::ParamValues values;
    std::istringstream items(text);
    for (std::string item; std::getline(items, item, ',');) {
        const auto equals = item.find('=');
        if (equals == std::string::npos || equals == 0)
            throw std::runtime_error("'" + item + "': an override is NAME=VALUE");
        std::size_t used = 0;
        const std::string value = item.substr(equals + 1);
        const long long number = std::stoll(value, &used);
        if (used != value.size())
            throw std::runtime_error("'" + item + "': the value is not an integer");
        values[item.substr(0, equals)] = number;
    }
    return values;
}

void writeManifest(const std::string& argument, const fs::path& outDir, const engine::DeviceCatalog& catalog)
{
    const auto colon = argument.rfind(':');
    const bool overridden = colon != std::string::npos && argument.find('=', colon) != std::string::npos;
    const fs::path scenarioFile = overridden ? argument.substr(0, colon) : argument;
    const std::string overrideText = overridden ? argument.substr(colon + 1) : std::string {};
    auto prepared = engine::prepareScenario(scenarioFile, "h100", parseOverrides(overrideText), catalog);
    if (!prepared)
        throw std::runtime_error(prepared.error().toString());
    const auto& scenario = prepared->scenario;
    const fs::path dir = outDir / (scenarioFile.stem().string() + (overridden ? "." + overrideText : ""));
    fs::create_directories(dir);
    std::ifstream ptxIn(prepared->module.sourceName, std::ios::binary);
    if (!ptxIn)
        throw std::runtime_error(prepared->module.sourceName + ": cannot read the module's PTX");
    std::ofstream(dir / "module.ptx", std::ios::binary) << ptxIn.rdbuf();
    std::ofstream manifest(dir / "manifest.txt");
    manifest << "module module.ptx\n";
    for (std::size_t i = 0; i < scenario.buffers.size(); ++i) {
        const auto& buffer = scenario.buffers[i];
        auto contents = engine::initialContents(buffer);
        if (!contents)
            throw std::runtime_error(contents.error().toString());
        std::string file = "zero";
        if (std::any_of(contents->begin(), contents->end(), [](std::uint8_t byte) { return byte != 0; })) {
            file = "buffer_" + std::to_string(i) + ".bin";
            std::ofstream(dir / file, std::ios::binary)
                .write(reinterpret_cast<const char*>(contents->data()), static_cast<std::streamsize>(contents->size()));
        }
        manifest << "buffer " << i << ' ' << buffer.bytes << ' ' << (buffer.host ? "host" : "device") << ' ' << file << '\n';
    }
    for (const auto& step : scenario.steps) {
        if (const auto* copy = std::get_if<engine::MemcpyOp>(&step.op))
            manifest << "memcpy " << copy->dst << ' ' << copy->src << ' ' << copy->bytes << ' ' << copy->dstOffset << ' '
                     << copy->srcOffset << '\n';
        else if (const auto* set = std::get_if<engine::MemsetOp>(&step.op))
            manifest << "memset " << set->dst << ' ' << static_cast<int>(set->value) << ' ' << set->bytes << '\n';
        else if (const auto* launch = std::get_if<engine::LaunchOp>(&step.op))
            manifest << launchLine(*launch, prepared->module, scenario.buffers.size(), scenarioFile.string() + step.jsonPath) << '\n';
        else if (std::holds_alternative<engine::SynchronizeOp>(step.op))
            manifest << "sync\n";
    }
    manifest << "sync\n";
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::cerr << "usage: scenario_manifest OUT_DIR SCENARIO.json[:NAME=VALUE,...]...\n";
        return 2;
    }
    auto loaded = engine::DeviceCatalog::load({});
    try {
        for (int i = 2; i < argc; ++i)
            writeManifest(argv[i], argv[1], loaded.catalog);
    } catch (const std::exception& error) {
        std::cerr << "scenario_manifest: " << error.what() << '\n';
        return 1;
    }
    return 0;
}

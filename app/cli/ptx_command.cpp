// warpscope-cli ptx FILE [--arch sm_XX] [-I DIR] [-D NAME=VALUE] [--nvcc-flag F] [--json]: what the PTX front end
// makes of a kernel file, with the registers ptxas allocates.
#include "app/cli/command_list.h"
#include "app/cli/nvcc_options.h"
#include "app/cli/ptx_symbols_json.h"
#include "app/cli/text_table.h"
#include "engine/host/kernel_resources.h"
#include "engine/ptx/module_loader.h"
#include "engine/ptx/shared_usage.h"
#include "engine/ptx/module_symbols.h"

#include <map>
#include <nlohmann/json.hpp>

namespace app::cli {

namespace {

using engine::ptx::Function;
using engine::ptx::Module;
using Resources = std::map<std::string, engine::KernelResources>;

std::string plainName(const Function& f)
{
    return f.demangled.substr(0, f.demangled.find('('));
}

nlohmann::json paramsJson(const Function& f)
{
    auto params = nlohmann::json::array();
    for (std::uint32_t index : f.params) {
        const auto& v = f.variables[index];
        params.push_back({{"name", v.name}, {"type", engine::ptx::scalarTypeName(v.type)}, {"size", v.sizeBytes},
            {"offset", v.offset}, {"align", v.align}});
    }
    return params;
}

nlohmann::json registersByFile(const Function& f)
{
    static constexpr const char* kFiles[] = {"pred", "b16", "b32", "b64", "b128"};
    nlohmann::json out = nlohmann::json::object();
    for (std::size_t i = 0; i < engine::ptx::kRegFileCount; ++i)
        out[kFiles[i]] = f.registers.counts[i];
    return out;
}

nlohmann::json classCounts(const Function& f)
{
    std::map<std::string, int> counts;
    for (const auto& ins : f.instructions)
        ++counts[std::string(engine::ptx::instrClassName(engine::ptx::opcodeInfo(ins.opcode).instrClass))];
    return counts;
}

bool usesDynamicShared(const Module& m)
{
    for (const auto& v : m.variables) {
        if (v.isExtern && v.space == engine::ptx::StateSpace::Shared)
            return true;
    }
    return false;
}

/// Why the kernel cannot run (an instruction the model does not supply, with its line), or null.
nlohmann::json refusalJson(const Module& m, const Function& f)
{
    const auto why = m.refusal(static_cast<std::uint32_t>(&f - m.functions.data()));
    if (!why)
        return nullptr;
    return {{"reason", why->message}, {"file", why->location.file}, {"line", why->location.line}};
}

/// What ptxas reported beyond registers; null when the count is not ptxas's.
nlohmann::json ptxasJson(const engine::KernelResources& r)
{
    if (!r.sharedBytes)
        return nullptr;
    return {{"shared_bytes", *r.sharedBytes}, {"stack_frame_bytes", r.stackFrameBytes.value_or(0)},
        {"spill_store_bytes", r.spillStoreBytes.value_or(0)}, {"spill_load_bytes", r.spillLoadBytes.value_or(0)}};
}

nlohmann::json kernelJson(const Module& m, const Function& f, const engine::KernelResources& resources)
{
    nlohmann::json json = {
        {"name", plainName(f)},
        {"signature", f.demangled},
        {"mangled", f.name},
        {"params", paramsJson(f)},
        {"param_bytes", f.paramBytes},
        {"registers", resources.registers},
        {"registers_source", resources.registersSource},
        {"ptx_virtual_registers", f.registers.total()},
        {"registers_by_file", registersByFile(f)},
        {"ptxas", ptxasJson(resources)},
        {"shared_bytes", engine::ptx::kernelStaticSharedBytes(m, static_cast<std::uint32_t>(&f - m.functions.data()))},
        {"dynamic_shared", usesDynamicShared(m)},
        {"local_bytes", f.localBytes},
        {"instructions", f.instructions.size()},
        {"instruction_classes", classCounts(f)},
        {"line", f.line},
        {"refused", refusalJson(m, f)},
    };
    if (!resources.archNote.empty())
        json["registers_note"] = resources.archNote;
    return json;
}

nlohmann::json moduleJson(const std::string& file, const Module& m, Resources& resources)
{
    auto kernels = nlohmann::json::array();
    for (const Function* k : m.kernels())
        kernels.push_back(kernelJson(m, *k, resources[k->name]));
    auto files = nlohmann::json::array();
    for (const auto& f : m.files) {
        if (!f.empty())
            files.push_back(f);
    }
    return {{"file", file}, {"ptx_file", m.sourceName},
        {"version", std::to_string(m.versionMajor) + "." + std::to_string(m.versionMinor)}, {"target", m.target},
        {"address_size", m.addressSize}, {"source_files", files}, {"kernels", kernels}, {"symbols", symbolsJson(m)}};
}

void printTable(const Module& m, Resources& resources, std::ostream& out)
{
    out << m.sourceName << ": PTX " << m.versionMajor << '.' << m.versionMinor << ", .target " << m.target << '\n';
    TextTable table({"kernel", "params", "registers", "shared bytes", "instructions"});
    for (const Function* k : m.kernels()) {
        const auto& r = resources[k->name];
        table.addRow({k->demangled, std::to_string(k->paramBytes) + " B",
            std::to_string(r.registers) + " (" + r.registersSource + ")",
            std::to_string(engine::ptx::kernelStaticSharedBytes(m, static_cast<std::uint32_t>(k - m.functions.data()))) + (usesDynamicShared(m) ? " + dynamic" : ""),
            std::to_string(k->instructions.size())});
    }
    table.print(out);
    for (const Function* k : m.kernels()) {
        if (auto why = m.refusal(static_cast<std::uint32_t>(k - m.functions.data())))
            out << plainName(*k) << " is refused: " << why->toString() << '\n';
    }
    for (const auto& symbol : engine::ptx::moduleSymbols(m)) {
        const auto& v = m.variables[symbol.index];
        out << (v.space == engine::ptx::StateSpace::Const ? "__constant__ " : "__device__ ") << symbol.name << ": "
            << v.sizeBytes << " B" << (v.init.empty() ? "" : ", initialized") << '\n';
    }
}

int runPtx(const ParsedArgs& args, CommandIo& io)
{
    if (args.positional().size() != 1)
        throw UsageError("expected one FILE (.ptx or .cu)");
    engine::ptx::LoadOptions options;
    options.nvcc.extraFlags = parseNvccOptions(args).toArguments();
    if (auto arch = args.value("arch")) {
        auto parsed = engine::ptx::parseArch(*arch);
        if (!parsed)
            throw UsageError(parsed.error().message);
        options.arch = *parsed;
    }
    const auto module = engine::ptx::loadModuleFile(args.positional().front(), options);
    if (!module) {
        io.err << "warpscope-cli ptx: " << module.error().toString() << '\n';
        return ExitBadInput;
    }
    // Registers as ptxas allocates them for --arch (the device's architecture), else estimated.
    auto resources = engine::moduleKernelResources(*module, options.arch);
    if (args.flag("json"))
        io.out << moduleJson(args.positional().front(), *module, resources).dump(2) << '\n';
    else
        printTable(*module, resources, io.out);
    return ExitOk;
}

} // namespace

Command ptxCommand()
{
    return Command {
        "ptx",
        "list a kernel file's kernels, parameters, registers and instructions (.ptx, or .cu via nvcc)",
        "ptx FILE [--arch sm_XX] [-I DIR ...] [-D NAME=VALUE ...] [--nvcc-flag F ...] [--json]",
        withNvccOptions({
            {"arch", "sm_XX",
                "architecture nvcc compiles a .cu for and ptxas allocates registers for (default sm_75, the oldest "
                "nvcc 13 supports)",
                false},
            {"json", "", "print one JSON document: {\"kernels\": [...], \"symbols\": [...]}", false},
        }),
        runPtx,
    };
}

} // namespace app::cli

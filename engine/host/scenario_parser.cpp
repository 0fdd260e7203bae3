#include "engine/host/scenario_parser.h"

#include "engine/common/input_file.h"
#include "engine/common/json_document.h"
#include "engine/common/json_reader.h"
#include "engine/host/fill_value.h"
#include "engine/host/scenario_nvcc_reader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <fstream>
#include <limits>
#include <sstream>
#include <string_view>

namespace engine {

namespace {

using nlohmann::json;

constexpr std::array<std::string_view, 8> kStepKinds = { "memcpy", "memset", "launch", "record", "wait", "synchronize",
    "memcpy_to_symbol", "memcpy_from_symbol" };

/// "memcpy, memset, ... or memcpy_from_symbol", for messages.
std::string stepKindList()
{
    std::string list;
    for (std::size_t i = 0; i < kStepKinds.size(); ++i)
        list += (i == 0 ? "" : i + 1 == kStepKinds.size() ? " or " : ", ") + std::string(kStepKinds[i]);
    return list;
}

class ScenarioReader {
public:
    explicit ScenarioReader(std::filesystem::path file)
        : m_file(std::move(file))
        , m_folder(m_file.parent_path())
    {
    }

    ScenarioSpec read(const json& document);

private:
    IntExpr intExpr(const json& value, const std::string& path) const;
    IntExpr intExpr(JsonObject& object, std::string_view key, std::string_view fallback);
    int streamId(JsonObject& object, std::string_view key = "stream");
    BufferInit init(const json& value, const std::string& path) const;
    void readParams(JsonObject& root, ScenarioSpec& spec);
    void readBuffers(JsonObject& root, std::string_view key, bool host, ScenarioSpec& spec);
    StepSpec readStep(const json& value, const std::string& path);
    StepSpecBody readStepBody(const std::string& kind, JsonObject body);
    LaunchStepSpec readLaunch(JsonObject body);
    SymbolCopyStepSpec readSymbolCopy(bool toSymbol, JsonObject body);
    LaunchArgSpec readArg(const json& value, const std::string& path) const;
    std::vector<IntExpr> readDims(const json& value, const std::string& path) const;

    std::filesystem::path m_file;
    std::filesystem::path m_folder;
};

IntExpr ScenarioReader::intExpr(const json& value, const std::string& path) const
{
    if (value.is_number_integer())
        return IntExpr { value.dump(), path };
    if (value.is_string() && !value.get<std::string>().empty())
        return IntExpr { value.get<std::string>(), path };
    throw JsonPathError(path, std::string("expected an integer or an expression string, found ") + value.type_name());
}

IntExpr ScenarioReader::intExpr(JsonObject& object, std::string_view key, std::string_view fallback)
{
    if (!object.has(key))
        return IntExpr { std::string(fallback), object.pathOf(key) };
    return intExpr(object.raw(key), object.pathOf(key));
}

int ScenarioReader::streamId(JsonObject& object, std::string_view key)
{
    if (!object.has(key))
        return 0;
    const auto& value = object.raw(key);
    if (!value.is_number_integer())
        throw JsonPathError(object.pathOf(key), std::string("a stream id must be an integer, found ") + value.type_name());
    const auto id = value.get<std::int64_t>();
    if (id < 0 || id > 1'000'000)
        throw JsonPathError(object.pathOf(key), "stream id " + std::to_string(id) + " is outside 0..1000000");
    return static_cast<int>(id);
}

BufferInit ScenarioReader::init(const json& value, const std::string& path) const
{
    BufferInit result;
    if (value.is_number()) {
        result.kind = BufferInit::Kind::Fill;
        result.fillValue = value.get<double>();
        return result;
    }
    if (value.is_object()) {
        JsonObject object(value, path);
        result.kind = BufferInit::Kind::File;
        result.file = m_folder / object.string("file");
        object.finish();
        return result;
    }
    const auto text = value.is_string() ? value.get<std::string>() : std::string();
    if (text == "zero")
        return result;
    if (text == "iota") {
        result.kind = BufferInit::Kind::Iota;
        return result;
    }
    if (text.starts_with("random:")) {
        try {
            std::size_t used = 0;
            result.seed = std::stoull(text.substr(7), &used);
            if (used == text.size() - 7) {
                result.kind = BufferInit::Kind::Random;
                return result;
            }
        } catch (const std::exception&) {
        }
    }
    throw JsonPathError(path, "expected \"zero\", \"iota\", \"random:SEED\", a number or {\"file\": PATH}, found "
            + (value.is_string() ? "\"" + text + "\"" : std::string(value.type_name())));
}

void ScenarioReader::readParams(JsonObject& root, ScenarioSpec& spec)
{
    if (!root.has("params"))
        return;
    const auto& params = root.raw("params");
    JsonObject object(params, "/params");
    for (const auto& item : params.items()) {
        if (!item.value().is_number_integer())
            throw JsonPathError("/params/" + item.key(), "a parameter must be an integer");
        spec.params[item.key()] = item.value().get<std::int64_t>();
    }
}

void ScenarioReader::readBuffers(JsonObject& root, std::string_view key, bool host, ScenarioSpec& spec)
{
    if (!root.has(key))
        return;
    const auto& buffers = root.raw(key);
    const auto path = root.pathOf(key);
    JsonObject all(buffers, path);
    for (const auto& item : buffers.items()) {
        JsonObject object = all.object(item.key());
        BufferSpec buffer;
        buffer.name = item.key();
        buffer.jsonPath = object.path();
        buffer.host = host;
        const auto typeName = object.string("type");
        const auto type = parseElementType(typeName);
        if (!type)
            throw JsonPathError(object.pathOf("type"), "unknown type \"" + typeName + "\" (i8 u8 i16 u16 i32 u32 i64 u64 f32 f64 f16 bf16)");
        buffer.type = *type;
        buffer.count = intExpr(object.raw("count"), object.pathOf("count"));
        buffer.init = object.has("init") ? init(object.raw("init"), object.pathOf("init")) : BufferInit {};
        if (buffer.init.kind == BufferInit::Kind::Fill)
            if (auto problem = fillValueProblem(buffer.type, object.raw("init")))
                throw JsonPathError(object.pathOf("init"), *problem);
        if (host)
            buffer.pinned = object.boolean("pinned", false);
        object.finish();
        if (spec.params.contains(buffer.name))
            throw JsonPathError(buffer.jsonPath, "a buffer cannot share its name with a parameter");
        for (const auto& other : spec.buffers) {
            if (other.name == buffer.name)
                throw JsonPathError(buffer.jsonPath, "a device buffer and a host buffer share this name");
        }
        spec.buffers.push_back(std::move(buffer));
    }
}

std::vector<IntExpr> ScenarioReader::readDims(const json& value, const std::string& path) const
{
    if (!value.is_array() || value.empty() || value.size() > 3)
        throw JsonPathError(path, "expected an array of 1 to 3 sizes");
    std::vector<IntExpr> dims;
    for (std::size_t i = 0; i < value.size(); ++i)
        dims.push_back(intExpr(value[i], path + '/' + std::to_string(i)));
    return dims;
}

LaunchArgSpec ScenarioReader::readArg(const json& value, const std::string& path) const
{
    LaunchArgSpec arg;
    arg.jsonPath = path;
    if (value.is_string() || value.is_number_integer()) {
        arg.text = value.is_string() ? value.get<std::string>() : value.dump();
        return arg;
    }
    if (!value.is_object() || value.empty())
        throw JsonPathError(path, "expected a name, an expression, {\"f32\": x}, {\"f64\": x}, {\"u64\": n} or "
                                  "{\"buffer\": NAME, \"offset\": BYTES}");
    JsonObject object(value, path);
    if (object.has("buffer")) {
        arg.kind = LaunchArgSpec::Kind::BufferOffset;
        arg.text = object.string("buffer");
        arg.offset = object.has("offset") ? intExpr(object.raw("offset"), object.pathOf("offset")) : IntExpr { "0", path };
    } else if (object.has("f32")) {
        arg.kind = LaunchArgSpec::Kind::F32;
        arg.floatValue = object.number("f32", -std::numeric_limits<double>::max(), std::numeric_limits<double>::max());
    } else if (object.has("f64")) {
        arg.kind = LaunchArgSpec::Kind::F64;
        arg.floatValue = object.number("f64", -std::numeric_limits<double>::max(), std::numeric_limits<double>::max());
    } else if (object.has("u64")) {
        arg.kind = LaunchArgSpec::Kind::U64;
        const auto& number = object.raw("u64");
        if (!number.is_number_unsigned() && !(number.is_number_integer() && number.get<std::int64_t>() >= 0))
            throw JsonPathError(object.pathOf("u64"), "expected a non-negative integer");
        arg.u64Value = number.get<std::uint64_t>();
    }
    object.finish();
    return arg;
}

LaunchStepSpec ScenarioReader::readLaunch(JsonObject body)
{
    LaunchStepSpec launch;
    launch.kernel = body.string("kernel");
    launch.grid = readDims(body.raw("grid"), body.pathOf("grid"));
    launch.block = readDims(body.raw("block"), body.pathOf("block"));
    launch.sharedBytes = intExpr(body, "shared", "0");
    launch.stream = streamId(body);
    launch.cooperative = body.boolean("cooperative", false);
    if (body.has("cluster"))
        launch.cluster = readDims(body.raw("cluster"), body.pathOf("cluster"));
    if (body.has("args")) {
        const auto& args = body.raw("args");
        if (!args.is_array())
            throw JsonPathError(body.pathOf("args"), "expected an array");
        for (std::size_t i = 0; i < args.size(); ++i)
            launch.args.push_back(readArg(args[i], body.pathOf("args") + '/' + std::to_string(i)));
    }
    body.finish();
    return launch;
}

SymbolCopyStepSpec ScenarioReader::readSymbolCopy(bool toSymbol, JsonObject body)
{
    SymbolCopyStepSpec step;
    step.toSymbol = toSymbol;
    step.symbol = body.string("symbol");
    step.buffer = body.string(toSymbol ? "src" : "dst");
    step.bytes = intExpr(body.raw("bytes"), body.pathOf("bytes"));
    step.offset = intExpr(body, "offset", "0");
    step.stream = streamId(body);
    step.async = body.boolean("async", false);
    body.finish();
    return step;
}

StepSpecBody ScenarioReader::readStepBody(const std::string& kind, JsonObject body)
{
    if (kind == "memcpy") {
        MemcpyStepSpec step { body.string("dst"), body.string("src"), intExpr(body.raw("bytes"), body.pathOf("bytes")),
            intExpr(body, "dst_offset", "0"), intExpr(body, "src_offset", "0"), streamId(body), body.boolean("async", false) };
        body.finish();
        return step;
    }
    if (kind == "memset") {
        MemsetStepSpec step { body.string("dst"), intExpr(body.raw("value"), body.pathOf("value")),
            intExpr(body.raw("bytes"), body.pathOf("bytes")), streamId(body), body.boolean("async", false) };
        body.finish();
        return step;
    }
    if (kind == "launch")
        return readLaunch(std::move(body));
    if (kind == "memcpy_to_symbol" || kind == "memcpy_from_symbol")
        return readSymbolCopy(kind == "memcpy_to_symbol", std::move(body));
    if (kind == "record") {
        RecordStepSpec step { body.string("event"), streamId(body) };
        body.finish();
        return step;
    }
    if (kind == "wait") {
        WaitStepSpec step { streamId(body), body.string("event") };
        body.finish();
        return step;
    }
    SynchronizeStepSpec step;
    if (body.has("stream"))
        step.stream = streamId(body);
    body.finish();
    return step;
}

StepSpec ScenarioReader::readStep(const json& value, const std::string& path)
{
    if (!value.is_object() || value.size() != 1)
        throw JsonPathError(path, "a step is an object with exactly one key: " + stepKindList());
    // The step's only key and its body, read from a named iterator: a structured binding to
    // `*value.items().begin()` would outlive the proxy it refers to (ASan, scenario_fuzzer).
    const auto first = value.begin();
    const std::string kind = first.key();
    const json& body = first.value();
    if (std::find(kStepKinds.begin(), kStepKinds.end(), kind) == kStepKinds.end())
        throw JsonPathError(path + '/' + kind, "unknown step (" + stepKindList() + ")");
    return StepSpec { readStepBody(kind, JsonObject(body, path + '/' + kind)), path };
}

ScenarioSpec ScenarioReader::read(const json& document)
{
    JsonObject root(document, "");
    ScenarioSpec spec;
    spec.file = m_file;
    if (root.integer("warpscope", 0, std::numeric_limits<int>::max()) != 1)
        throw JsonPathError("/warpscope", "unsupported scenario format version (this warpscope reads version 1)");
    spec.name = root.string("name", m_file.stem().string());
    spec.module = m_folder / root.string("module");
    spec.device = root.string("device", "");
    if (root.has("nvcc"))
        spec.nvcc = readNvccSettings(root.raw("nvcc"), root.pathOf("nvcc"), m_folder);
    readParams(root, spec);
    readBuffers(root, "buffers", false, spec);
    readBuffers(root, "host", true, spec);
    const auto& steps = root.raw("steps");
    if (!steps.is_array())
        throw JsonPathError("/steps", "expected an array of steps");
    for (std::size_t i = 0; i < steps.size(); ++i)
        spec.steps.push_back(readStep(steps[i], "/steps/" + std::to_string(i)));
    root.finish();
    return spec;
}

} // namespace

Result<ScenarioSpec> parseScenario(std::string_view text, const std::filesystem::path& file)
{
    auto document = parseJsonDocument(text, file.string());
    if (!document)
        return document.error();
    try {
        return ScenarioReader(file).read(*document);
    } catch (const JsonPathError& error) {
        return Error { ErrorCode::ParseError, error.what(), SourceLocation::atJsonPath(file.string(), error.path) };
    }
}

Result<ScenarioSpec> loadScenarioFile(const std::filesystem::path& file)
{
    auto text = readInputFile(file);
    if (!text)
        return text.error();
    return parseScenario(*text, file);
}

} // namespace engine

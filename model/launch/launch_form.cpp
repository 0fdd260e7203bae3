#include "model/launch/launch_form.h"

#include <QDir>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <algorithm>

namespace model {

namespace {

using Json = nlohmann::ordered_json; // keeps the keys in the order a person reads a scenario

constexpr qint64 kDefaultThreads = 1 << 20;

bool looksLikeSize(const QString& name)
{
    static const QStringList sizes { QStringLiteral("n"), QStringLiteral("count"), QStringLiteral("size"),
        QStringLiteral("len"), QStringLiteral("length"), QStringLiteral("elements"), QStringLiteral("numelements"),
        QStringLiteral("num"), QStringLiteral("width") };
    return sizes.contains(name.toLower());
}

std::string utf8(const QString& text) { return text.trimmed().toStdString(); }

/// An integer stays a JSON number; anything else is an expression string the scenario evaluates.
Json integerOrExpression(const QString& text)
{
    bool ok = false;
    const qint64 value = text.trimmed().toLongLong(&ok);
    return ok ? Json(value) : Json(utf8(text));
}

Json dims(const std::array<QString, 3>& d)
{
    // Trailing 1s are dropped: [256] rather than [256, 1, 1], as the bundled scenarios write it.
    std::size_t used = 3;
    while (used > 1 && d[used - 1].trimmed() == QLatin1String("1"))
        --used;
    auto out = Json::array();
    for (std::size_t i = 0; i < used; ++i)
        out.push_back(integerOrExpression(d[i]));
    return out;
}

Json initValue(const QString& init)
{
    // "file:PATH" reads the buffer's bytes from PATH (relative to the scenario), the form's spelling of
    // {"file": PATH} (DESIGN.md, buffers).
    if (init.trimmed().startsWith(QLatin1String("file:")))
        return Json { { "file", utf8(init.trimmed().mid(5)) } };
    bool ok = false;
    const double number = init.trimmed().toDouble(&ok);
    return ok ? Json(number) : Json(utf8(init));
}

Json argument(const QString& text, const KernelParameter& param)
{
    if (param.pointer)
        return utf8(text);
    if (param.floating) {
        bool ok = false;
        const double number = text.trimmed().toDouble(&ok);
        // A number that does not parse is written as given, so the scenario parser names it.
        return Json { { param.ptxType == QLatin1String(".f64") ? "f64" : "f32", ok ? Json(number) : Json(utf8(text)) } };
    }
    return integerOrExpression(text);
}

/// Bytes per element of a scenario type name ("f32" -> 4); 1 for a name the scenario parser will reject.
int elementBytes(const QString& type)
{
    const auto digits = type.mid(1).toInt();
    return digits >= 8 ? digits / 8 : 1;
}

/// The scenario's "nvcc" object: include folders relative to the scenario, defines, flags; empty when none.
Json nvccJson(const LaunchForm& form, const QString& scenarioPath)
{
    Json nvcc = Json::object();
    const auto folder = QFileInfo(scenarioPath).absoluteDir();
    auto dirs = Json::array();
    for (const auto& dir : form.includeDirs)
        if (!dir.trimmed().isEmpty())
            dirs.push_back(utf8(folder.relativeFilePath(dir.trimmed())));
    if (!dirs.empty())
        nvcc["include_dirs"] = dirs;
    auto defines = Json::object();
    for (const auto& define : form.defines) {
        const auto eq = define.indexOf(QLatin1Char('='));
        if (!define.trimmed().isEmpty())
            defines[utf8(define.left(eq).trimmed())] = eq < 0 ? std::string() : utf8(define.mid(eq + 1));
    }
    if (!defines.empty())
        nvcc["defines"] = defines;
    auto flags = Json::array();
    for (const auto& flag : form.nvccFlags)
        if (!flag.trimmed().isEmpty())
            flags.push_back(utf8(flag.trimmed()));
    if (!flags.empty())
        nvcc["flags"] = flags;
    return nvcc;
}

} // namespace

LaunchForm defaultLaunchForm(const KernelSignature& kernel, const QString& modulePath, const QString& deviceId)
{
    LaunchForm form;
    form.modulePath = modulePath;
    form.kernel = kernel.name;
    form.deviceId = deviceId;
    form.name = QStringLiteral("%1 from %2").arg(kernel.name, QFileInfo(modulePath).fileName());
    form.params.insert(QStringLiteral("n"), kDefaultThreads);
    form.grid = { QStringLiteral("n / 256"), QStringLiteral("1"), QStringLiteral("1") };
    form.block = { QStringLiteral("256"), QStringLiteral("1"), QStringLiteral("1") };
    int pointers = 0;
    for (const auto& p : kernel.params) {
        if (p.pointer) {
            LaunchBuffer buffer;
            buffer.name = p.name;
            buffer.type = p.cudaType.isEmpty() ? QStringLiteral("f32") : elementTypeOfPointer(p.cudaType);
            buffer.init = pointers == 0 ? QStringLiteral("zero") : QStringLiteral("random:%1").arg(pointers);
            form.buffers.push_back(buffer);
            form.args << p.name;
            ++pointers;
        } else if (p.floating) {
            form.args << QStringLiteral("1.0");
        } else {
            form.args << (looksLikeSize(p.name) ? QStringLiteral("n") : QStringLiteral("0"));
        }
    }
    return form;
}

QByteArray scenarioJson(const LaunchForm& form, const KernelSignature& kernel, const QString& scenarioPath)
{
    Json root;
    root["warpscope"] = 1;
    root["name"] = utf8(form.name);
    root["module"] = utf8(QFileInfo(scenarioPath).absoluteDir().relativeFilePath(form.modulePath));
    root["device"] = utf8(form.deviceId);
    auto params = Json::object();
    for (auto it = form.params.cbegin(); it != form.params.cend(); ++it)
        params[utf8(it.key())] = it.value();
    root["params"] = params;
    auto buffers = Json::object();
    for (const auto& b : form.buffers)
        buffers[utf8(b.name)] = Json { { "type", utf8(b.type) }, { "count", integerOrExpression(b.count) },
            { "init", initValue(b.init) } };
    root["buffers"] = buffers;
    auto steps = Json::array();
    auto hostBuffers = Json::object();
    for (const auto& symbol : form.symbols) {
        if (symbol.init.trimmed().isEmpty())
            continue;
        const auto host = "h_" + utf8(symbol.name);
        hostBuffers[host] = Json { { "type", utf8(symbol.type) }, { "count", integerOrExpression(symbol.count) },
            { "init", initValue(symbol.init) } };
        const auto count = utf8(symbol.count.trimmed());
        steps.push_back(Json { { "memcpy_to_symbol",
            Json { { "symbol", utf8(symbol.name) }, { "src", host },
                { "bytes", std::to_string(elementBytes(symbol.type)) + " * (" + count + ")" } } } });
    }
    if (!hostBuffers.empty())
        root["host"] = hostBuffers;
    if (auto nvcc = nvccJson(form, scenarioPath); !nvcc.empty())
        root["nvcc"] = nvcc;
    Json launch { { "kernel", utf8(form.kernel) }, { "grid", dims(form.grid) }, { "block", dims(form.block) } };
    if (!form.sharedBytes.trimmed().isEmpty() && form.sharedBytes.trimmed() != QLatin1String("0"))
        launch["shared"] = integerOrExpression(form.sharedBytes);
    if (std::any_of(form.cluster.begin(), form.cluster.end(),
            [](const QString& d) { return !d.trimmed().isEmpty() && d.trimmed() != QLatin1String("1"); }))
        launch["cluster"] = dims(form.cluster);
    auto args = Json::array();
    for (qsizetype i = 0; i < form.args.size(); ++i)
        args.push_back(i < kernel.params.size() ? argument(form.args[i], kernel.params[i]) : Json(utf8(form.args[i])));
    launch["args"] = args;
    steps.push_back(Json { { "launch", launch } });
    steps.push_back(Json { { "synchronize", Json::object() } });
    root["steps"] = steps;
    return QByteArray::fromStdString(root.dump(2) + "\n");
}

QString defaultScenarioPath(const LaunchForm& form)
{
    const QFileInfo module(form.modulePath);
    return module.absoluteDir().filePath(QStringLiteral("%1_%2.json").arg(module.completeBaseName(), form.kernel));
}

} // namespace model

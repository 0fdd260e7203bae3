#include "model/launch/kernel_signature.h"

#include "engine/ptx/module.h"
#include "engine/ptx/shared_usage.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStringList>

namespace model {

namespace {

/// Splits "float*, float*, int" at the commas outside brackets (templates, function pointers).
QStringList splitTopLevel(const QString& list)
{
    QStringList parts;
    int depth = 0;
    QString current;
    for (const QChar c : list) {
        if (c == u'<' || c == u'(' || c == u'[')
            ++depth;
        else if (c == u'>' || c == u')' || c == u']')
            --depth;
        if (c == u',' && depth == 0) {
            parts << current.trimmed();
            current.clear();
            continue;
        }
        current += c;
    }
    if (!current.trimmed().isEmpty())
        parts << current.trimmed();
    return parts;
}

/// "offsetCopy(float*, float*, int)" → {"float*", "float*", "int"}; empty when there are no parentheses.
QStringList demangledParameterTypes(const QString& signature)
{
    const auto open = signature.indexOf(u'(');
    const auto close = signature.lastIndexOf(u')');
    if (open < 0 || close <= open)
        return {};
    return splitTopLevel(signature.mid(open + 1, close - open - 1));
}

} // namespace

QStringList cudaParameterNames(const QString& source, const QString& kernel)
{
    const QRegularExpression declaration(
        QStringLiteral("__global__[^;{]*?\\b%1\\s*\\(").arg(QRegularExpression::escape(kernel)));
    const auto match = declaration.match(source);
    if (!match.hasMatch())
        return {};
    int depth = 1;
    qsizetype end = match.capturedEnd();
    for (; end < source.size() && depth > 0; ++end) {
        if (source[end] == u'(')
            ++depth;
        else if (source[end] == u')')
            --depth;
    }
    const auto list = source.mid(match.capturedEnd(), end - 1 - match.capturedEnd());
    static const QRegularExpression lastIdentifier(QStringLiteral("([A-Za-z_][A-Za-z0-9_]*)\\s*(\\[\\s*\\])?\\s*$"));
    QStringList names;
    for (auto part : splitTopLevel(list)) {
        part = part.section(u'=', 0, 0).trimmed(); // default arguments
        const auto name = lastIdentifier.match(part);
        names << (name.hasMatch() ? name.captured(1) : QString());
    }
    return names;
}

QString cudaSourcePathFor(const QString& modulePath)
{
    const QFileInfo module(modulePath);
    if (module.suffix().compare(QLatin1String("cu"), Qt::CaseInsensitive) == 0)
        return module.absoluteFilePath();
    const auto name = module.completeBaseName() + QStringLiteral(".cu");
    QDir folder = module.absoluteDir();
    for (int up = 0; up < 2; ++up) {
        if (const QFileInfo source(folder.filePath(name)); source.isFile())
            return source.absoluteFilePath();
        if (!folder.cdUp())
            break;
    }
    return {};
}

QString elementTypeOfPointer(const QString& cudaType)
{
    auto pointee = cudaType;
    pointee.remove(u'*');
    pointee.remove(QStringLiteral("const"));
    pointee.remove(QStringLiteral("volatile"));
    pointee = pointee.simplified();
    static const QRegularExpression vectorSuffix(QStringLiteral("^([a-z]+)[1-4]$")); // float4, int2, ...
    if (const auto vector = vectorSuffix.match(pointee); vector.hasMatch())
        pointee = vector.captured(1);
    static const QList<std::pair<QString, QString>> types {
        { QStringLiteral("float"), QStringLiteral("f32") },
        { QStringLiteral("double"), QStringLiteral("f64") },
        { QStringLiteral("int"), QStringLiteral("i32") },
        { QStringLiteral("unsigned int"), QStringLiteral("u32") },
        { QStringLiteral("uint"), QStringLiteral("u32") },
        { QStringLiteral("short"), QStringLiteral("i16") },
        { QStringLiteral("unsigned short"), QStringLiteral("u16") },
        { QStringLiteral("ushort"), QStringLiteral("u16") },
        { QStringLiteral("char"), QStringLiteral("i8") },
        { QStringLiteral("signed char"), QStringLiteral("i8") },
        { QStringLiteral("unsigned char"), QStringLiteral("u8") },
        { QStringLiteral("uchar"), QStringLiteral("u8") },
        { QStringLiteral("long"), QStringLiteral("i64") },
        { QStringLiteral("long long"), QStringLiteral("i64") },
        { QStringLiteral("unsigned long"), QStringLiteral("u64") },
        { QStringLiteral("unsigned long long"), QStringLiteral("u64") },
        // cuda_fp16.h / cuda_bf16.h: a pair type points at elements of its scalar type.
        { QStringLiteral("__half"), QStringLiteral("f16") },
        { QStringLiteral("half"), QStringLiteral("f16") },
        { QStringLiteral("__half2"), QStringLiteral("f16") },
        { QStringLiteral("half2"), QStringLiteral("f16") },
        { QStringLiteral("__nv_bfloat16"), QStringLiteral("bf16") },
        { QStringLiteral("nv_bfloat16"), QStringLiteral("bf16") },
        { QStringLiteral("__nv_bfloat162"), QStringLiteral("bf16") },
        { QStringLiteral("nv_bfloat162"), QStringLiteral("bf16") },
    };
    for (const auto& [cuda, scenario] : types)
        if (pointee == cuda)
            return scenario;
    return QStringLiteral("u8");
}

QVector<KernelSignature> kernelSignatures(const engine::ptx::Module& module, const QString& cudaSource)
{
    bool dynamicShared = false;
    for (const auto& v : module.variables)
        dynamicShared = dynamicShared || (v.isExtern && v.space == engine::ptx::StateSpace::Shared);
    QVector<KernelSignature> kernels;
    for (const auto* f : module.kernels()) {
        KernelSignature k;
        k.signature = QString::fromStdString(f->demangled);
        k.name = k.signature.section(u'(', 0, 0);
        k.mangled = QString::fromStdString(f->name);
        k.staticSharedBytes
            = engine::ptx::kernelStaticSharedBytes(module, static_cast<std::uint32_t>(f - module.functions.data()));
        k.dynamicShared = dynamicShared;
        const auto cudaTypes = demangledParameterTypes(k.signature);
        auto names = cudaSource.isEmpty() ? QStringList {} : cudaParameterNames(cudaSource, k.name);
        if (static_cast<std::size_t>(names.size()) != f->params.size())
            names.clear(); // a declaration that does not match the PTX (an older source) names nothing
        for (std::size_t i = 0; i < f->params.size(); ++i) {
            const auto& variable = f->variables[f->params[i]];
            KernelParameter p;
            const auto index = static_cast<qsizetype>(i);
            p.name = index < names.size() && !names[index].isEmpty() ? names[index] : QStringLiteral("arg%1").arg(i);
            p.cudaType = cudaTypes.value(index);
            p.ptxType = QLatin1Char('.') + QString::fromLatin1(engine::ptx::scalarTypeName(variable.type));
            p.floating = p.ptxType == QLatin1String(".f32") || p.ptxType == QLatin1String(".f64");
            // A 64-bit parameter is a device address when the signature says it is a pointer, or when there is
            // no signature (extern "C" kernels) and PTX declares .u64/.b64 (PTX ISA 8.5 §5.1.6.1).
            p.pointer = p.cudaType.isEmpty() ? (variable.sizeBytes == 8 && !p.floating && p.ptxType != QLatin1String(".s64"))
                                              : p.cudaType.endsWith(u'*');
            k.params.push_back(p);
        }
        kernels.push_back(k);
    }
    return kernels;
}

} // namespace model

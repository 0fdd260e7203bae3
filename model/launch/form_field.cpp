#include "model/launch/form_field.h"

#include <QCoreApplication>
#include <QStringList>

namespace model {

namespace {

/// A path segment with RFC 6901's escapes undone ("~1" → "/", "~0" → "~").
QString unescaped(QString segment)
{
    return segment.replace(QLatin1String("~1"), QLatin1String("/")).replace(QLatin1String("~0"), QLatin1String("~"));
}

/// The integer in `segment`, or -1.
int indexOf(const QString& segment)
{
    bool ok = false;
    const int value = segment.toInt(&ok);
    return ok ? value : -1;
}

int bufferRow(const LaunchForm& form, const QString& name)
{
    for (qsizetype i = 0; i < form.buffers.size(); ++i)
        if (form.buffers[i].name.trimmed() == name)
            return static_cast<int>(i);
    return -1;
}

/// A field of the form's one launch step: "/steps/N/launch/<key>[/index]".
FormField launchField(const QStringList& rest)
{
    static const QList<std::pair<QString, FormPart>> keys {{QStringLiteral("kernel"), FormPart::Kernel},
        {QStringLiteral("grid"), FormPart::Grid}, {QStringLiteral("block"), FormPart::Block},
        {QStringLiteral("shared"), FormPart::Shared}, {QStringLiteral("args"), FormPart::Argument},
        {QStringLiteral("cluster"), FormPart::Cluster}};
    for (const auto& [key, part] : keys)
        if (rest.value(0) == key) {
            const int index = rest.size() > 1 ? indexOf(rest[1]) : -1;
            // A whole argument list is no one row; the launch's other lists name their dimension or all of it.
            return part == FormPart::Argument && index < 0 ? FormField {} : FormField {part, index, {}};
        }
    return {};
}

QString tr(const char* text)
{
    return QCoreApplication::translate("model::FormField", text);
}

} // namespace

FormField formFieldAt(const LaunchForm& form, const QString& jsonPath)
{
    auto segments = jsonPath.split(u'/', Qt::SkipEmptyParts);
    for (auto& s : segments)
        s = unescaped(s);
    const auto head = segments.value(0);
    if (segments.size() == 1 && head == QLatin1String("name"))
        return {FormPart::Name, -1, {}};
    if (segments.size() == 1 && head == QLatin1String("module"))
        return {FormPart::Module, -1, {}};
    if (segments.size() == 1 && head == QLatin1String("device"))
        return {FormPart::Device, -1, {}};
    if (head == QLatin1String("params") && segments.size() >= 2) {
        const auto keys = form.params.keys();
        const auto row = keys.indexOf(segments[1]);
        return row < 0 ? FormField {} : FormField {FormPart::Param, static_cast<int>(row), {}};
    }
    if (head == QLatin1String("buffers") && segments.size() >= 2) {
        const int row = bufferRow(form, segments[1]);
        return row < 0 ? FormField {} : FormField {FormPart::Buffer, row, segments.value(2)};
    }
    if (head == QLatin1String("steps") && segments.value(2) == QLatin1String("launch"))
        return launchField(segments.mid(3));
    return {};
}

QString formFieldLabel(const LaunchForm& form, const FormField& field, const KernelSignature* kernel)
{
    static const char* const dims[] = {"x", "y", "z"};
    const auto dim = [&](const QString& whole) {
        return field.index >= 0 && field.index < 3 ? whole + u' ' + QLatin1String(dims[field.index]) : whole;
    };
    switch (field.part) {
    case FormPart::None:
        return {};
    case FormPart::Name:
        return tr("Name");
    case FormPart::Module:
        return tr("Module");
    case FormPart::Device:
        return tr("Device");
    case FormPart::Kernel:
        return tr("Kernel");
    case FormPart::Param:
        return tr("Parameter %1").arg(form.params.keys().value(field.index));
    case FormPart::Grid:
        return dim(tr("Grid"));
    case FormPart::Block:
        return dim(tr("Block"));
    case FormPart::Cluster:
        return dim(tr("Cluster"));
    case FormPart::Shared:
        return tr("Dynamic shared bytes");
    case FormPart::Buffer: {
        const auto name = form.buffers.value(field.index).name;
        return field.column.isEmpty() ? tr("Buffer %1").arg(name) : tr("Buffer %1, %2").arg(name, field.column);
    }
    case FormPart::Argument: {
        const auto label = tr("Argument %1").arg(field.index + 1);
        return kernel && field.index < kernel->params.size()
            ? label + QStringLiteral(" (%1)").arg(kernel->params[field.index].name)
            : label;
    }
    }
    return {};
}

} // namespace model

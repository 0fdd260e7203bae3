#include "model/launch/launch_form_session.h"

#include "engine/device/device_catalog.h"
#include "engine/host/module_source.h"
#include "engine/ptx/module.h"
#include "engine/ptx/module_symbols.h"
#include "model/launch/scenario_check.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <algorithm>

namespace model {

struct LaunchFormSession::Loaded {
    std::shared_ptr<const engine::ptx::Module> module;
    QVector<KernelSignature> kernels;
    QVector<LaunchSymbol> symbols;
};

namespace {

engine::ptx::NvccSettings nvccSettings(const LaunchForm& form)
{
    engine::ptx::NvccSettings settings;
    for (const auto& dir : form.includeDirs)
        if (!dir.trimmed().isEmpty())
            settings.includeDirs.emplace_back(dir.trimmed().toStdString());
    for (const auto& define : form.defines)
        if (!define.trimmed().isEmpty())
            settings.defines.push_back(engine::ptx::parseDefine(define.trimmed().toStdString()));
    for (const auto& flag : form.nvccFlags)
        if (!flag.trimmed().isEmpty())
            settings.flags.push_back(flag.trimmed().toStdString());
    return settings;
}

/// A form's view of the module's symbols: nvcc declares arrays as .b8 bytes, and a 4-aligned one most often
/// holds floats, so that is offered; other types as the PTX says (.b32 as u32, .s32 as i32).
QVector<LaunchSymbol> launchSymbols(const engine::ptx::Module& module)
{
    QVector<LaunchSymbol> symbols;
    for (const auto& s : engine::ptx::moduleSymbols(module)) {
        const auto& v = module.variables[s.index];
        LaunchSymbol symbol;
        symbol.name = QString::fromStdString(s.name);
        const auto ptxType = QString::fromLatin1(engine::ptx::scalarTypeName(v.type));
        if (ptxType == QLatin1String("b8") && v.align >= 4)
            symbol.type = QStringLiteral("f32");
        else if (ptxType.startsWith(QLatin1Char('b')))
            symbol.type = QStringLiteral("u") + ptxType.mid(1);
        else if (ptxType.startsWith(QLatin1Char('s')))
            symbol.type = QStringLiteral("i") + ptxType.mid(1);
        else
            symbol.type = ptxType;
        const auto digits = symbol.type.mid(1).toULongLong();
        const auto elementBytes = digits >= 8 ? digits / 8 : 1;
        symbol.count = QString::number(std::max<quint64>(1, v.sizeBytes / elementBytes));
        symbols.push_back(symbol);
    }
    return symbols;
}

} // namespace

LaunchFormSession::LaunchFormSession(std::shared_ptr<const engine::DeviceCatalog> catalog, QObject* parent)
    : QObject(parent)
    , m_catalog(std::move(catalog))
{
}

LaunchFormSession::~LaunchFormSession() = default;

void LaunchFormSession::loadModule(const QString& modulePath, const QString& deviceId, const LaunchForm& nvccFrom)
{
    m_modulePath = QFileInfo(modulePath).absoluteFilePath();
    m_deviceId = deviceId;
    if (!m_busy) {
        m_busy = true;
        Q_EMIT busyChanged(true);
    }
    m_jobs.start([this, path = m_modulePath, deviceId, catalog = m_catalog, nvcc = nvccSettings(nvccFrom)](
                     quint64 job, std::stop_token) {
        std::shared_ptr<Loaded> loaded;
        QString error;
        const auto profile = catalog->get(deviceId.toStdString());
        if (!profile) {
            error = QString::fromStdString(profile.error().toString());
        } else if (auto module = engine::loadScenarioModule(path.toStdString(), *profile.value(), nvcc); !module) {
            error = QString::fromStdString(module.error().toString());
        } else {
            loaded = std::make_shared<Loaded>();
            QString source;
            // The parameters' names come from the CUDA declaration, also for the PTX nvcc made of a .cu beside it.
            if (const auto sourcePath = cudaSourcePathFor(path); !sourcePath.isEmpty()) {
                QFile file(sourcePath);
                if (file.open(QIODevice::ReadOnly))
                    source = QString::fromUtf8(file.readAll());
            }
            loaded->kernels = kernelSignatures(module.value(), source);
            loaded->symbols = launchSymbols(module.value());
            loaded->module = std::make_shared<const engine::ptx::Module>(std::move(module).value());
            if (loaded->kernels.isEmpty())
                error = QStringLiteral("%1: the module has no kernel (.entry) to launch").arg(path);
        }
        QMetaObject::invokeMethod(this, [this, job, loaded, error] { deliver(job, loaded, error); }, Qt::QueuedConnection);
    });
}

void LaunchFormSession::deliver(quint64 job, std::shared_ptr<Loaded> loaded, const QString& error)
{
    if (!m_jobs.isCurrent(job))
        return;
    m_busy = false;
    Q_EMIT busyChanged(false);
    if (!error.isEmpty()) {
        m_module.reset();
        m_kernels.clear();
        m_symbols.clear();
        Q_EMIT loadFailed(error);
        return;
    }
    m_module = loaded->module;
    m_kernels = loaded->kernels;
    m_symbols = loaded->symbols;
    Q_EMIT kernelsLoaded(m_modulePath);
}

const KernelSignature* LaunchFormSession::kernel(const QString& name) const
{
    for (const auto& k : m_kernels)
        if (k.name == name || k.mangled == name)
            return &k;
    return nullptr;
}

QByteArray LaunchFormSession::scenarioText(const LaunchForm& form, const QString& scenarioPath) const
{
    const auto* k = kernel(form.kernel);
    return k ? scenarioJson(form, *k, scenarioPath) : QByteArray();
}

std::optional<QString> LaunchFormSession::check(const LaunchForm& form, const QString& scenarioPath) const
{
    if (auto problem = diagnose(form, scenarioPath))
        return std::move(problem->message);
    return std::nullopt;
}

std::optional<LaunchProblem> LaunchFormSession::diagnose(const LaunchForm& form, const QString& scenarioPath) const
{
    if (!m_module)
        return LaunchProblem { tr("Load a module first."), { FormPart::Module, -1, {} } };
    const auto* k = kernel(form.kernel);
    if (!k)
        return LaunchProblem { tr("%1 has no kernel '%2'").arg(QFileInfo(m_modulePath).fileName(), form.kernel),
            { FormPart::Kernel, -1, {} } };
    const auto profile = m_catalog->get(form.deviceId.toStdString());
    if (!profile)
        return LaunchProblem { QString::fromStdString(profile.error().toString()), { FormPart::Device, -1, {} } };
    const auto problem = checkScenario(scenarioJson(form, *k, scenarioPath), scenarioPath, *m_module, *profile.value());
    if (!problem)
        return std::nullopt;
    return LaunchProblem { problem->message, formFieldAt(form, problem->jsonPath) };
}

std::optional<QString> LaunchFormSession::save(const LaunchForm& form, const QString& scenarioPath) const
{
    if (auto problem = check(form, scenarioPath))
        return problem;
    QSaveFile file(scenarioPath);
    if (!file.open(QIODevice::WriteOnly) || file.write(scenarioText(form, scenarioPath)) < 0 || !file.commit())
        return tr("%1: cannot write the scenario: %2").arg(scenarioPath, file.errorString());
    return std::nullopt;
}

void LaunchFormSession::waitForIdle() { m_jobs.waitForIdle(); }

} // namespace model

#pragma once

#include "model/launch/form_field.h"
#include "model/launch/launch_form.h"
#include "model/run/background_jobs.h"

#include <QObject>

#include <memory>
#include <optional>

namespace engine {
class DeviceCatalog;
namespace ptx {
struct Module;
}
}

namespace model {

/// The launch form's work with the engine, for the GUI thread: loads a module (a .ptx parsed, a .cu through
/// its shipped PTX or nvcc, as a run would load it; module_source.h) on a worker thread and lists its kernels,
/// checks a form's scenario with the engine's rules, and saves it. One load at a time: a newer load makes the
/// older one's result stale.
class LaunchFormSession : public QObject {
    Q_OBJECT
public:
    explicit LaunchFormSession(std::shared_ptr<const engine::DeviceCatalog> catalog, QObject* parent = nullptr);
    ~LaunchFormSession() override;

    /// Loads `modulePath` as `deviceId`'s architecture; kernelsLoaded() or loadFailed() follows. A .cu is compiled
    /// with `nvccFrom`'s include folders, defines and nvcc flags when it has any (LaunchForm).
    void loadModule(const QString& modulePath, const QString& deviceId, const LaunchForm& nvccFrom = {});
    bool isBusy() const { return m_busy; }
    QString modulePath() const { return m_modulePath; }
    const QVector<KernelSignature>& kernels() const { return m_kernels; }
    /// The loaded module's __constant__ and __device__ variables, as a form would fill them (type guessed from
    /// the PTX: a .b8 array aligned to 4 as f32, else the PTX type; count from the size; init empty).
    const QVector<LaunchSymbol>& symbols() const { return m_symbols; }
    /// The kernel named `name` of the loaded module, or nullptr.
    const KernelSignature* kernel(const QString& name) const;

    /// The scenario `form` would be saved as at `scenarioPath`, and why it would not run (nullopt when it would).
    QByteArray scenarioText(const LaunchForm& form, const QString& scenarioPath) const;
    std::optional<QString> check(const LaunchForm& form, const QString& scenarioPath) const;
    /// As check(), with the field of the form the reason concerns, so a view can mark it.
    std::optional<LaunchProblem> diagnose(const LaunchForm& form, const QString& scenarioPath) const;
    /// Checks and writes the scenario (atomically: a failed write leaves an existing file as it was). Returns
    /// the reason it was not saved, or nullopt.
    std::optional<QString> save(const LaunchForm& form, const QString& scenarioPath) const;

    /// Blocks until the load has ended (tests).
    void waitForIdle();

Q_SIGNALS:
    void busyChanged(bool busy);
    void kernelsLoaded(const QString& modulePath);
    void loadFailed(const QString& message);

private:
    struct Loaded;
    void deliver(quint64 job, std::shared_ptr<Loaded> loaded, const QString& error);

    std::shared_ptr<const engine::DeviceCatalog> m_catalog;
    BackgroundJobs m_jobs;
    bool m_busy = false;
    QString m_modulePath;
    QString m_deviceId;
    std::shared_ptr<const engine::ptx::Module> m_module;
    QVector<KernelSignature> m_kernels;
    QVector<LaunchSymbol> m_symbols;
};

} // namespace model

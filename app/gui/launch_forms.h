#pragma once

#include <QObject>
#include <QString>

#include <memory>

class QAbstractItemModel;
class QWidget;

namespace engine {
class DeviceCatalog;
}

namespace model {
class LaunchFormSession;
}

namespace views {
class LaunchFormDialog;
}

namespace app {

/// The launch forms the window opens (File ▸ New Launch…, or a .cu or .ptx opened in it): one shared
/// model::LaunchFormSession, made on first use, and a dialog per request. GUI thread only.
class LaunchForms : public QObject {
    Q_OBJECT
public:
    /// `devices` is the window's model::DeviceListModel.
    LaunchForms(std::shared_ptr<const engine::DeviceCatalog> catalog, QAbstractItemModel* devices, QWidget* window);

    /// Opens a form for `deviceId`, on `modulePath` when given; it deletes itself when closed.
    views::LaunchFormDialog* open(const QString& modulePath, const QString& deviceId);
    /// The next form is pictured to `path` (warpscope --screenshot) once its module's kernels are listed, or
    /// it failed to load.
    void screenshotNextForm(const QString& path) { m_screenshotPath = path; }

Q_SIGNALS:
    /// A form wrote its scenario to `path`; `run` when the user asked to run it too.
    void scenarioSaved(const QString& path, bool run);

private:
    std::shared_ptr<const engine::DeviceCatalog> m_catalog;
    QAbstractItemModel* m_devices = nullptr;
    QWidget* m_window = nullptr;
    model::LaunchFormSession* m_session = nullptr;
    QString m_screenshotPath;
};

} // namespace app

#include "app/gui/launch_forms.h"

#include "app/gui/window_screenshot.h"
#include "model/launch/launch_form_session.h"
#include "views/launch/launch_form_dialog.h"

namespace app {

LaunchForms::LaunchForms(std::shared_ptr<const engine::DeviceCatalog> catalog, QAbstractItemModel* devices, QWidget* window)
    : QObject(window)
    , m_catalog(std::move(catalog))
    , m_devices(devices)
    , m_window(window)
{
}

views::LaunchFormDialog* LaunchForms::open(const QString& modulePath, const QString& deviceId)
{
    if (!m_session)
        m_session = new model::LaunchFormSession(m_catalog, this);
    auto* dialog = new views::LaunchFormDialog(m_session, m_devices, deviceId, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &views::LaunchFormDialog::scenarioSaved, this, &LaunchForms::scenarioSaved);
    if (!m_screenshotPath.isEmpty()) {
        const auto shoot = [dialog, path = m_screenshotPath] { scheduleWindowScreenshot(dialog, path, 800); };
        connect(m_session, &model::LaunchFormSession::kernelsLoaded, dialog, shoot, Qt::SingleShotConnection);
        connect(m_session, &model::LaunchFormSession::loadFailed, dialog, shoot, Qt::SingleShotConnection);
        m_screenshotPath.clear();
    }
    if (!modulePath.isEmpty())
        dialog->openModule(modulePath);
    dialog->open();
    return dialog;
}

} // namespace app

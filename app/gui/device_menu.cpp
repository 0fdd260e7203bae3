#include "app/gui/device_menu.h"

#include "model/device/device_catalog_load.h"
#include "model/device/device_list_model.h"

#include <QAction>
#include <QActionGroup>
#include <QDesktopServices>
#include <QDir>
#include <QMenuBar>
#include <QUrl>

namespace app {

DeviceMenu::DeviceMenu(const model::DeviceListModel& devices, bool hasProfileErrors, QMenuBar* menuBar, QObject* parent)
    : QObject(parent)
{
    auto* menu = menuBar->addMenu(tr("&Device"));
    m_actions = new QActionGroup(this);
    for (int row = 0; row < devices.rowCount(); ++row) {
        const auto id = devices.summaryAt(row).id;
        auto* action = menu->addAction(devices.index(row).data().toString());
        action->setCheckable(true);
        action->setData(id);
        m_actions->addAction(action);
        connect(action, &QAction::triggered, this, [this, id] { Q_EMIT deviceChosen(id); });
    }
    menu->addSeparator();
    auto* next = menu->addAction(tr("&Next Device"), this, [this] { Q_EMIT stepRequested(1); });
    next->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketRight));
    auto* previous = menu->addAction(tr("&Previous Device"), this, [this] { Q_EMIT stepRequested(-1); });
    previous->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_BracketLeft));
    menu->addSeparator();
    menu->addAction(tr("Open &Profile Folder"), this, [] {
        const auto directory = model::userProfileDirectory();
        QDir().mkpath(directory);
        QDesktopServices::openUrl(QUrl::fromLocalFile(directory));
    });
    auto* errors = menu->addAction(tr("Profile Load &Errors…"), this, &DeviceMenu::profileErrorsRequested);
    errors->setEnabled(hasProfileErrors);
}

void DeviceMenu::setCurrentRow(int row)
{
    if (auto* action = m_actions->actions().value(row))
        action->setChecked(true);
}

} // namespace app

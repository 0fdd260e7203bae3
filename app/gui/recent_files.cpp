#include "app/gui/recent_files.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace app {

RecentFiles::RecentFiles(QString settingsKey, int maxCount)
    : m_settingsKey(std::move(settingsKey))
    , m_maxCount(maxCount)
{
}

QStringList RecentFiles::files() const
{
    return QSettings().value(m_settingsKey).toStringList();
}

void RecentFiles::add(const QString& path)
{
    const auto absolute = QFileInfo(path).absoluteFilePath();
    auto list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > m_maxCount)
        list.removeLast();
    store(list);
}

void RecentFiles::remove(const QString& path)
{
    auto list = files();
    list.removeAll(path);
    store(list);
}

void RecentFiles::clear()
{
    store({});
}

void RecentFiles::store(const QStringList& files)
{
    QSettings().setValue(m_settingsKey, files);
}

void fillRecentMenu(QMenu& menu, RecentFiles& recent, QObject* context, const std::function<void(const QString&)>& open)
{
    menu.clear();
    const auto files = recent.files();
    for (const auto& file : files)
        menu.addAction(QDir::toNativeSeparators(file), context, [open, file] { open(file); });
    if (files.isEmpty())
        menu.addAction(QCoreApplication::translate("app::RecentFiles", "No recent files"))->setEnabled(false);
    menu.addSeparator();
    auto* clear = menu.addAction(QCoreApplication::translate("app::RecentFiles", "&Clear List"), context,
        [&recent] { recent.clear(); });
    clear->setEnabled(!files.isEmpty());
}

} // namespace app

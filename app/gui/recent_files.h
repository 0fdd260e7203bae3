#pragma once

#include <QString>
#include <QStringList>

#include <functional>

class QMenu;
class QObject;

namespace app {

/// The most recently opened files, newest first, kept in QSettings under one key. GUI thread only.
class RecentFiles {
public:
    explicit RecentFiles(QString settingsKey = QStringLiteral("recentFiles"), int maxCount = 10);

    QStringList files() const;
    /// Moves `path` (made absolute) to the front, dropping the oldest beyond maxCount.
    void add(const QString& path);
    void remove(const QString& path);
    void clear();

private:
    void store(const QStringList& files);

    QString m_settingsKey;
    int m_maxCount;
};

/// Refills `menu` with `recent`'s files (each calling `open`), or "No recent files", and Clear List.
void fillRecentMenu(QMenu& menu, RecentFiles& recent, QObject* context, const std::function<void(const QString&)>& open);

} // namespace app

#pragma once

#include <QMainWindow>

class QTextBrowser;

namespace app {

/// Help > User Guide: the installed guide's HTML (resource_paths.h, userGuidePath) in a browser window with
/// back, forward, contents and "open in the web browser".
class UserGuideWindow : public QMainWindow {
    Q_OBJECT
public:
    /// Shows the guide window owned by `owner`, creating it on first use; when the guide is not installed,
    /// says where it was looked for instead.
    static void showFor(QWidget* owner);

private:
    UserGuideWindow(const QString& indexPath, QWidget* owner);
    void setupToolBar();

    QString m_indexPath;
    QTextBrowser* m_browser = nullptr;
};

} // namespace app
